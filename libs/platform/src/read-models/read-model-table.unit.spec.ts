import { projectMembersTable } from './projects.entity.js';
import { ingestionsTable } from './ingestions.entity.js';
import { col, readModelTable, selectRows } from './read-model-table.js';
import { stationNotesTable } from './station-notes.entity.js';

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe('readModelTable', () => {
  it('writes the DDL of a composite key, a checked column and an index under the physical name', () => {
    expect(oneLine(projectMembersTable.create('project_members__rb_1a2b3c'))).toBe(
      'CREATE TABLE project_members__rb_1a2b3c ( project_id bigint NOT NULL, user_id bigint NOT NULL, ' +
        "role text NOT NULL CHECK (role IN ('administrator', 'member')), joined_at timestamptz NOT NULL, " +
        'PRIMARY KEY (project_id, user_id) ); ' +
        'CREATE INDEX project_members__rb_1a2b3c_user ON project_members__rb_1a2b3c (user_id);',
    );
  });

  it('writes defaults, nullable columns and unique indexes', () => {
    const ddl = oneLine(ingestionsTable.create('ingestions'));
    expect(ddl).toContain('id bigint PRIMARY KEY,');
    expect(ddl).toContain('version int NOT NULL DEFAULT 0,');
    expect(ddl).toContain('device_name text,');
    expect(ddl).toContain('pending boolean NOT NULL DEFAULT true );');
    expect(oneLine(stationNotesTable.create('station_notes'))).toContain(
      'CREATE UNIQUE INDEX station_notes_station_key ON station_notes (station_id, key);',
    );
  });

  it('refuses a physical name that is not a plain identifier, and a table without a key', () => {
    expect(() => projectMembersTable.create('project_members; DROP TABLE users')).toThrow('Unsafe table name');
    expect(() => readModelTable('keyless', { a: col.text() })).toThrow('has no primary key');
  });

  it('reads whole rows by the columns of the description', () => {
    expect(selectRows(projectMembersTable, 'WHERE user_id = $1')).toBe(
      'SELECT project_id, user_id, role, joined_at FROM project_members WHERE user_id = $1',
    );
  });

  it('gives MikroORM the same table, columns and keys', () => {
    const meta = projectMembersTable.entity.meta;
    expect(meta.tableName).toBe('project_members');
    expect(Object.keys(meta.properties)).toEqual(['project_id', 'user_id', 'role', 'joined_at']);
    expect(meta.properties.project_id.primary && meta.properties.user_id.primary).toBe(true);
    expect(meta.properties.role.items).toEqual(['administrator', 'member']);
  });
});
