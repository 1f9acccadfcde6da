import { specFor, testMetadata } from '../testing/index.js';
import type { StationEvent, StationModuleConfig, StationRegistered } from './station.events.js';
import { stationDecider } from './station.decider.js';
import { userMessages } from '../users/user.rules.js';
import { distanceMetres, NEARBY_STATION_RADIUS_METRES } from './station.rules.js';

const sut = specFor(stationDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

const registered: StationRegistered = {
  type: 'StationRegistered',
  data: {
    stationId: 3,
    ownerId: 7,
    deviceId: 'abc123',
    name: 'Creek',
    locationName: null,
    registeredAt: '2026-04-01T00:00:00.000Z',
  },
};

const ph: StationModuleConfig = {
  moduleId: 100,
  hardwareId: 'hw-ph',
  name: 'modules.water.ph',
  position: 1,
  internal: false,
  sensors: [{ name: 'ph', unitOfMeasure: '', order: 0 }],
};
const diagnostics: StationModuleConfig = {
  moduleId: 101,
  hardwareId: null,
  name: 'modules.diagnostics',
  position: 0,
  internal: true,
  sensors: [{ name: 'battery_charge', unitOfMeasure: '%', order: 0 }],
};
const configured: StationEvent = {
  type: 'StationModulesConfigured',
  data: { stationId: 3, modules: [diagnostics, ph], configuredAt: '2026-04-01T00:00:00.000Z' },
};

describe('station decider', () => {
  describe('transfer', () => {
    const transferred: StationEvent = {
      type: 'StationTransferred',
      data: { stationId: 3, fromOwnerId: 7, toOwnerId: 9, transferredAt: meta.now },
    };
    it('gives the station to the new owner, once', () => {
      specFor(stationDecider)
        .given([registered])
        .when({ type: 'TransferStation', data: { stationId: 3, newOwnerId: 9 } }, meta)
        .then([transferred]);
      specFor(stationDecider)
        .given([registered, transferred])
        .when({ type: 'TransferStation', data: { stationId: 3, newOwnerId: 9 } }, meta)
        .then([]);
    });
    it('lets the new owner register the device again, and not the old one', () => {
      const again = { type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Creek' } } as const;
      specFor(stationDecider)
        .given([registered, transferred])
        .when(again, testMetadata({ userId: 9, now: meta.now }))
        .then([]);
      specFor(stationDecider)
        .given([registered, transferred])
        .when(again, meta)
        .thenThrows({ kind: 'validation', code: 'STATION.DEVICE_TAKEN' });
    });
    it('refuses a station that does not exist', () => {
      specFor(stationDecider)
        .given([])
        .when({ type: 'TransferStation', data: { stationId: 3, newOwnerId: 9 } }, meta)
        .thenThrows({ kind: 'not_found', code: 'STATION.NOT_FOUND' });
    });
  });

  describe('delete', () => {
    const deleted = {
      type: 'StationDeleted',
      data: { stationId: 3, ownerId: 7, deviceId: 'abc123', deletedAt: meta.now },
    } as const;
    it('deletes a station, naming its owner and device', () => {
      specFor(stationDecider)
        .given([registered])
        .when({ type: 'DeleteStation', data: { stationId: 3 } }, meta)
        .then([deleted]);
    });
    it('refuses a deleted station every command, as one that does not exist', () => {
      for (const command of [
        { type: 'DeleteStation', data: { stationId: 3 } },
        { type: 'TransferStation', data: { stationId: 3, newOwnerId: 9 } },
        { type: 'UpdateStation', data: { stationId: 3, details: { name: 'Again' } } },
        { type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Creek' } },
      ] as const) {
        specFor(stationDecider)
          .given([registered, deleted])
          .when(command, meta)
          .thenThrows({ kind: 'not_found', code: 'STATION.NOT_FOUND' });
      }
    });
    it('refuses a station that never existed', () => {
      specFor(stationDecider)
        .given([])
        .when({ type: 'DeleteStation', data: { stationId: 3 } }, meta)
        .thenThrows({ kind: 'not_found', code: 'STATION.NOT_FOUND' });
    });
  });

  describe('register', () => {
    it('registers a station for the asker, with trimmed texts and its modules', () => {
      sut
        .given([])
        .when(
          {
            type: 'RegisterStation',
            data: { stationId: 3, deviceId: ' abc123 ', name: ' Creek ', locationName: ' ', modules: [ph] },
          },
          meta,
        )
        .then([
          { ...registered, data: { ...registered.data, registeredAt: meta.now } },
          { type: 'StationModulesConfigured', data: { stationId: 3, modules: [ph], configuredAt: meta.now } },
        ]);
    });

    it('keeps the model name the device reports (trimmed), and refuses one over 64 characters', () => {
      sut
        .given([])
        .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Creek', model: ' NodeRed 2 ' } }, meta)
        .then([{ ...registered, data: { ...registered.data, model: 'NodeRed 2', registeredAt: meta.now } }]);
      sut
        .given([])
        .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Creek', model: 'x'.repeat(65) } }, meta)
        .thenThrows({ kind: 'validation', code: 'STATION.INVALID', fieldErrors: { model: expect.any(String) as string } });
    });

    it('refuses a missing name and a device id with spaces, listing both', () => {
      sut
        .given([])
        .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: 'a b', name: '  ' } }, meta)
        .thenThrows({
          kind: 'validation',
          code: 'STATION.INVALID',
          fieldErrors: { deviceId: expect.any(String) as string, name: 'This field is required.' },
        });
    });

    it("refreshes the owner's own station when the same device registers again", () => {
      sut
        .given([registered])
        .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Creek 2' } }, meta)
        .then([{ type: 'StationUpdated', data: { stationId: 3, changes: { name: 'Creek 2' }, updatedAt: meta.now } }]);
    });

    it('knows the same device under any spelling of its bytes, and keeps the lowercase hex', () => {
      for (const spelling of ['ABC123', ' q8Ej ', 'q8Ej']) {
        sut
          .given([registered])
          .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: spelling, name: 'Creek 2' } }, meta)
          .then([{ type: 'StationUpdated', data: { stationId: 3, changes: { name: 'Creek 2' }, updatedAt: meta.now } }]);
      }
      sut
        .given([])
        .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: 'ABC123', name: 'Creek' } }, meta)
        .then([{ ...registered, data: { ...registered.data, registeredAt: meta.now } }]);
    });

    it('refuses a device id that spells no bytes (not hex, base64 or a UUID)', () => {
      for (const deviceId of ['dev-1', 'q8F=', 'zz!', 'has spaces']) {
        sut
          .given([])
          .when({ type: 'RegisterStation', data: { stationId: 3, deviceId, name: 'Creek' } }, meta)
          .thenThrows({ kind: 'validation', code: 'STATION.INVALID', fieldErrors: { deviceId: expect.any(String) as string } });
      }
    });

    it('decides nothing when the same device registers again unchanged', () => {
      sut
        .given([registered, configured])
        .when(
          {
            type: 'RegisterStation',
            data: {
              stationId: 3,
              deviceId: 'abc123',
              name: 'Creek',
              modules: [
                { ...ph, moduleId: 555 },
                { ...diagnostics, moduleId: 556 },
              ].reverse(),
            },
          },
          meta,
        )
        .then([]);
    });

    it("refuses someone else's device with a field error", () => {
      sut
        .given([registered])
        .when({ type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Mine' } }, testMetadata({ userId: 8 }))
        .thenThrows({
          kind: 'validation',
          code: 'STATION.DEVICE_TAKEN',
          fieldErrors: { deviceId: expect.any(String) as string },
        });
    });
  });

  describe('update', () => {
    it('records only the details that change', () => {
      sut
        .given([registered])
        .when(
          {
            type: 'UpdateStation',
            data: { stationId: 3, details: { name: 'Creek', description: ' Under the bridge ', hidden: true } },
          },
          meta,
        )
        .then([
          {
            type: 'StationUpdated',
            data: { stationId: 3, changes: { description: 'Under the bridge', hidden: true }, updatedAt: meta.now },
          },
        ]);
    });

    it('deploys at a place and time, and decides nothing when deployed there already', () => {
      const deployed: StationEvent = {
        type: 'StationDeployed',
        data: {
          stationId: 3,
          location: { longitude: -73.9, latitude: 40.7 },
          locationName: 'Brooklyn',
          deployedAt: '2026-04-20T00:00:00.000Z',
          updatedAt: meta.now,
        },
      };
      const deploy = {
        type: 'UpdateStation',
        data: {
          stationId: 3,
          deployment: {
            location: { latitude: 40.7, longitude: -73.9 },
            deployedAt: '2026-04-20T00:00:00Z',
            locationName: 'Brooklyn',
          },
        },
      } as const;
      sut.given([registered]).when(deploy, meta).then([deployed]);
      sut.given([registered, deployed]).when(deploy, meta).then([]);
    });

    it('refuses a place off the globe and a bad date, with every field named', () => {
      sut
        .given([registered])
        .when(
          {
            type: 'UpdateStation',
            data: {
              stationId: 3,
              details: { name: '' },
              deployment: { location: { latitude: 91, longitude: -181 }, deployedAt: 'yesterday' },
            },
          },
          meta,
        )
        .thenThrows({
          kind: 'validation',
          fieldErrors: {
            name: 'This field is required.',
            'location.latitude': expect.any(String) as string,
            'location.longitude': expect.any(String) as string,
            deployedAt: 'This is not a valid date.',
          },
        });
    });

    it("seals attribute values with the owner's key and records only changes", () => {
      const first: StationEvent = {
        type: 'StationAttributesChanged',
        data: {
          stationId: 3,
          piiSubject: 'user-7',
          pii: { attributes: { Neighborhood: 'Red Hook', 'Deployed By': 'Ana' } },
          updatedAt: meta.now,
        },
      };
      sut
        .given([registered])
        .when(
          {
            type: 'UpdateStation',
            data: { stationId: 3, attributes: { Neighborhood: ' Red Hook ', 'Deployed By': 'Ana', Borough: '' } },
          },
          meta,
        )
        .then([first]);
      sut
        .given([registered, first])
        .when(
          { type: 'UpdateStation', data: { stationId: 3, attributes: { Neighborhood: 'Red Hook', 'Deployed By': null } } },
          meta,
        )
        .then([
          {
            type: 'StationAttributesChanged',
            data: { stationId: 3, piiSubject: 'user-7', pii: { attributes: { 'Deployed By': null } }, updatedAt: meta.now },
          },
        ]);
    });

    it('refuses attribute changes once the owner deleted their account, and lets the rest through', () => {
      const erased: StationEvent = {
        type: 'StationAttributesChanged',
        data: { stationId: 3, piiSubject: 'user-7', pii: null, updatedAt: meta.now },
      };
      sut
        .given([registered, erased])
        .when({ type: 'UpdateStation', data: { stationId: 3, attributes: { Borough: 'Queens' }, ownerDeleted: true } }, meta)
        .thenThrows({ kind: 'conflict', code: 'STATION.OWNER_DELETED' });
      sut
        .given([registered, erased])
        .when(
          {
            type: 'UpdateStation',
            data: { stationId: 3, details: { name: 'Renamed' }, attributes: { Borough: null }, ownerDeleted: true },
          },
          meta,
        )
        .then([{ type: 'StationUpdated', data: { stationId: 3, changes: { name: 'Renamed' }, updatedAt: meta.now } }]);
    });

    it('asks a signed-out registrant to log in, in the words of every other sign-in refusal', () => {
      const decide = () =>
        stationDecider.decide(
          { type: 'RegisterStation', data: { stationId: 3, deviceId: 'abc123', name: 'Creek' } },
          stationDecider.initialState,
          { ...meta, userId: null },
        );
      expect(decide).toThrow(expect.objectContaining({ code: 'AUTH.REQUIRED', message: userMessages.signInRequired }) as Error);
    });

    it('refuses to update a station that does not exist', () => {
      sut
        .given([])
        .when({ type: 'UpdateStation', data: { stationId: 3, details: { name: 'x' } } }, meta)
        .thenThrows({ kind: 'not_found', code: 'STATION.NOT_FOUND' });
    });
  });

  describe('modules', () => {
    it('keeps module ids across configurations by hardware id, or by position and kind', () => {
      sut
        .given([registered, configured])
        .when(
          {
            type: 'ConfigureStationModules',
            data: {
              stationId: 3,
              modules: [
                { ...diagnostics, moduleId: 900 },
                { ...ph, moduleId: 901, position: 2 },
              ],
            },
          },
          meta,
        )
        .then([
          {
            type: 'StationModulesConfigured',
            data: { stationId: 3, modules: [diagnostics, { ...ph, position: 2 }], configuredAt: meta.now },
          },
        ]);
    });

    it('labels a module with at most 25 characters; an empty label goes back to the name', () => {
      sut
        .given([registered, configured])
        .when({ type: 'LabelStationModule', data: { stationId: 3, moduleId: 100, label: ' Upstream pH ' } }, meta)
        .then([
          { type: 'StationModuleLabelled', data: { stationId: 3, moduleId: 100, label: 'Upstream pH', updatedAt: meta.now } },
        ]);
      sut
        .given([registered, configured])
        .when({ type: 'LabelStationModule', data: { stationId: 3, moduleId: 100, label: 'x'.repeat(26) } }, meta)
        .thenThrows({ kind: 'validation', fieldErrors: { label: 'This field has a limit of 25 characters' } });
      sut
        .given([registered, configured])
        .when({ type: 'LabelStationModule', data: { stationId: 3, moduleId: 100, label: '' } }, meta)
        .then([]);
    });

    it('refuses to label a module the station does not have', () => {
      sut
        .given([registered, configured])
        .when({ type: 'LabelStationModule', data: { stationId: 3, moduleId: 5, label: 'x' } }, meta)
        .thenThrows({ kind: 'not_found', code: 'STATION.MODULE_NOT_FOUND' });
    });

    it('keeps a label when the module is configured again', () => {
      const labelled: StationEvent = {
        type: 'StationModuleLabelled',
        data: { stationId: 3, moduleId: 100, label: 'Upstream', updatedAt: meta.now },
      };
      sut
        .given([registered, configured, labelled, configured])
        .when({ type: 'LabelStationModule', data: { stationId: 3, moduleId: 100, label: 'Upstream' } }, meta)
        .then([]);
    });
  });

  describe('manual links', () => {
    it('links once, and unlinks what is linked', () => {
      const linked: StationEvent = { type: 'StationLinked', data: { stationId: 3, otherStationId: 4, linkedAt: meta.now } };
      sut
        .given([registered])
        .when({ type: 'LinkStation', data: { stationId: 3, otherStationId: 4 } }, meta)
        .then([linked]);
      sut
        .given([registered, linked])
        .when({ type: 'LinkStation', data: { stationId: 3, otherStationId: 4 } }, meta)
        .then([]);
      sut
        .given([registered, linked])
        .when({ type: 'UnlinkStation', data: { stationId: 3, otherStationId: 4 } }, meta)
        .then([{ type: 'StationUnlinked', data: { stationId: 3, otherStationId: 4, unlinkedAt: meta.now } }]);
    });

    it('refuses a link to itself and unlinking what is not linked', () => {
      sut
        .given([registered])
        .when({ type: 'LinkStation', data: { stationId: 3, otherStationId: 3 } }, meta)
        .thenThrows({ kind: 'validation', code: 'STATION.LINK_TO_SELF' });
      sut
        .given([registered])
        .when({ type: 'UnlinkStation', data: { stationId: 3, otherStationId: 4 } }, meta)
        .thenThrows({ kind: 'not_found', code: 'STATION.LINK_NOT_FOUND' });
    });
  });
});

describe('distanceMetres', () => {
  it('measures a mile as nearby and a bit more as not', () => {
    // One minute of arc along a meridian is one nautical mile (about 1,853 m).
    const origin = { latitude: 40, longitude: -74 };
    expect(distanceMetres(origin, { latitude: 40 + 1 / 60, longitude: -74 })).toBeGreaterThan(NEARBY_STATION_RADIUS_METRES);
    expect(distanceMetres(origin, { latitude: 40.014, longitude: -74 })).toBeLessThan(NEARBY_STATION_RADIUS_METRES);
    expect(distanceMetres(origin, origin)).toBe(0);
  });
});
