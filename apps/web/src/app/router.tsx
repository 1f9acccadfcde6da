import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { bookmarkQueryOptions } from '@/features/explore/api/bookmarks';
import { ProjectsList } from '@/features/projects/components/projects-list';
import { mapProjectQueryOptions, mapStationsQueryOptions } from '@/features/maps/api/get-map-stations';
import { parseRouteId } from '@/features/maps/utils/ids';
import { prefetchStationPage } from '@/features/stations/api/prefetch-station-page';
import { tokenStore } from '@/lib/auth/token';
import { workspaceLinkOf } from './explore-link';
import { alwaysRevalidate, guardLoader, type Access } from './guard';
import { preloadMap } from './preload-map';
import { AppLayout, type RouteHandle } from './layout';
import { RouteError } from './routes/route-error';

/** A pathless group whose loader is the navigation guard for its routes (spec §2 Navigation guard). */
const guarded = (queryClient: QueryClient, access: Access, children: RouteObject[]): RouteObject => ({
  id: `guard-${access}`,
  loader: guardLoader(queryClient, access),
  shouldRevalidate: alwaysRevalidate,
  HydrateFallback: PageLoading,
  children,
});

// The project page and forms load on demand, like the station pages: the first page's JavaScript stays small.
const projectRoute = (view: 'dashboard' | 'activity' | 'public' | 'history') => async () => {
  const { ProjectRoute } = await import('./routes/project.route');
  return { Component: () => <ProjectRoute view={view} /> };
};
const projectInvitationRoute = async () => ({
  Component: (await import('./routes/project-invitation.route')).ProjectInvitationRoute,
});
const addProjectRoute = async () => ({ Component: (await import('./routes/project-form.route')).AddProjectRoute });
const editProjectRoute = async () => ({ Component: (await import('./routes/project-form.route')).EditProjectRoute });
const projectUpdateRoute = async () => ({ Component: (await import('./routes/project-form.route')).ProjectUpdateRoute });

/**
 * The station page (lazy): its station, catalogue, tiny charts' tail and projects are asked for while
 * its code loads, and the map's code with them (the page's map is below its first content).
 */
const stationPage = (queryClient: QueryClient): Pick<RouteObject, 'lazy' | 'loader'> => ({
  lazy: async () => {
    preloadMap();
    return { Component: (await import('./routes/station.route')).StationRoute };
  },
  loader: ({ params }) => {
    const stationId = parseRouteId(params['stationId']);
    if (stationId !== null) prefetchStationPage(queryClient, stationId);
    return null;
  },
});
const stationPhotosRoute = async () => ({ Component: (await import('./routes/station-photos.route')).StationPhotosRoute });
const notesRoute = (name: 'StationNotesRoute' | 'ProjectNotesRoute' | 'MyStationNotesRoute') => async () => ({
  Component: (await import('./routes/notes.routes'))[name],
});

/**
 * The all-stations screen, loaded when first opened: the map and the station summary stay out of every
 * page's bundle. Its five routes share one component, so moving between them (panning writes the bounds
 * into the address) keeps the map.
 */
const stationsMap = (queryClient: QueryClient): Pick<RouteObject, 'lazy' | 'loader'> => ({
  lazy: async () => {
    // MapLibre's chunk alongside the screen's, not after it has rendered (the first markers wait for both).
    preloadMap();
    return { Component: (await import('./routes/stations-map.route')).StationsMapRoute };
  },
  // The stations are asked for while the screen's code loads and the session is checked, not after.
  loader: () => {
    void queryClient.prefetchQuery(mapStationsQueryOptions(tokenStore.get() !== null));
    return null;
  },
});

/** A project's big map asks for the project and its stations while its code loads, as the all-stations map does. */
const prefetchProjectMap = (queryClient: QueryClient, projectId: number | null): null => {
  if (projectId === null) return null;
  void queryClient.prefetchQuery(mapProjectQueryOptions(projectId));
  void queryClient.prefetchQuery(mapStationsQueryOptions(tokenStore.get() !== null, projectId));
  return null;
};

/** The project's big map and list (lazy, like the all-stations screen); one component for both routes. */
const projectBigMap = (queryClient: QueryClient): Pick<RouteObject, 'lazy' | 'loader' | 'handle'> => ({
  lazy: async () => {
    // As the all-stations screen: MapLibre's chunk alongside the screen's.
    preloadMap();
    return { Component: (await import('./routes/project-map.route')).ProjectBigMapRoute };
  },
  loader: ({ params }) => prefetchProjectMap(queryClient, parseRouteId(params['id'])),
  // Spec §2 Layout: the sidebar is forced narrow on the big-map routes.
  handle: { narrowSidebar: true } satisfies RouteHandle,
});

/**
 * The explore workspace (lazy: the charts stay out of every other page); one component for its three
 * routes. Opened from a link, its bookmark and then its first data (charts, stations, sensors) are
 * asked for while the workspace's JavaScript loads and runs rather than after it: the waits overlap
 * before the first chart (bench:explore-web). The prefetch is a small chunk of its own, fetched beside
 * the workspace's. The loader reads the address being opened, as the stations map's does.
 */
const explore = (queryClient: QueryClient): Pick<RouteObject, 'lazy' | 'loader'> => ({
  lazy: async () => ({ Component: (await import('./routes/explore.route')).ExploreRoute }),
  loader: ({ request, params }) => {
    const link = workspaceLinkOf(new URL(request.url), params['bookmark']);
    if (link && 'token' in link) void queryClient.prefetchQuery(bookmarkQueryOptions(link.token));
    if (link) {
      void import('@/features/explore/api/prefetch-workspace')
        .then(({ prefetchWorkspace }) => prefetchWorkspace(queryClient, link))
        .catch(() => undefined); // the workspace asks again, and tells what failed
    }
    return null;
  },
});

/** Flood mode's home: the fixed project's big map (lazy, with the map). */
const floodHome = (queryClient: QueryClient): Pick<RouteObject, 'lazy' | 'loader'> => ({
  lazy: async () => {
    preloadMap();
    return { Component: (await import('./routes/project-map.route')).FloodHomeRoute };
  },
  loader: () => prefetchProjectMap(queryClient, partner.fixedProjectId),
});

/**
 * The account screens (sign in, register, recover, reset, delete, undo, terms) load on demand: few
 * visits open them, and their forms stay out of every page's JavaScript (350 KB budget).
 */
const accountRoute = (name: 'RegisterRoute' | 'RecoverRoute' | 'ResetPasswordRoute' | 'UndoEmailRoute') => async () => ({
  Component: (await import('./routes/account.routes'))[name],
});
const loginRoute = (spoof: boolean) => async () => {
  const { LoginRoute } = await import('./routes/login.route');
  return { Component: () => <LoginRoute spoof={spoof} /> };
};
const deleteAccountRoute = async () => ({ Component: (await import('./routes/delete-account.route')).DeleteAccountRoute });
const termsRoute = async () => ({ Component: (await import('@/features/terms/components/terms-view')).TermsView });

/** These loaders spend one-time tokens: never run them again for the same visit. */
const runOnce = (): boolean => false;

/** Sign-in on arrival (single sign-on, forum, e-mail link): its loader and screen arrive together, on demand. */
const signInOnArrival = (queryClient: QueryClient, kind: 'keycloak' | 'discourse' | 'resume') => async () => {
  const route = await import('./routes/sign-in-on-arrival.route');
  if (kind === 'discourse') return { loader: route.discourseLoader(queryClient), Component: route.DiscourseRoute };
  const loader = kind === 'keycloak' ? route.keycloakLoader(queryClient) : route.resumeLoader(queryClient);
  return { loader, Component: route.SignInOnArrivalRoute };
};

/** Route ids are the spec's route names (§2 route table). */
export const createRouter = (queryClient: QueryClient) =>
  createBrowserRouter([
    // The operators' console (spec §2 Admin): its own layout, loaded only under /admin (react-admin stays
    // out of every other page). Site admins and moderators pass the guard; the console asks the server's
    // policy what each may see, and the server checks every call again.
    guarded(queryClient, 'console', [
      {
        id: 'adminMain',
        path: `${paths.adminMain.path}/*`,
        lazy: async () => ({ Component: (await import('@/features/admin/components/console-app')).ConsoleApp }),
      },
    ]),
    {
      element: <AppLayout />,
      children: [
        {
          // Errors render inside the layout, so header and sidebar stay usable.
          errorElement: <RouteError />,
          children: [
            guarded(queryClient, 'public', [
              {
                id: 'root',
                path: paths.root.path,
                // Spec §2: the project list, or in flood mode the big map of the fixed project (174).
                ...(partner.fixedProjectId === null ? { element: <ProjectsList /> } : floodHome(queryClient)),
                // Spec §2 Layout: the sidebar is forced narrow on the root route.
                handle: { narrowSidebar: true } satisfies RouteHandle,
              },
              { id: 'projects', path: paths.projects.path, element: <ProjectsList /> },
              { id: 'projectInvitation', path: paths.projectInvitation.path, lazy: projectInvitationRoute },
              { id: 'viewProject', path: paths.viewProject.path, lazy: projectRoute('dashboard') },
              { id: 'viewProjectActivity', path: paths.viewProjectActivity.path, lazy: projectRoute('activity') },
              { id: 'viewProjectPublic', path: paths.viewProjectPublic.path, lazy: projectRoute('public') },
              // Station pages load on demand: their charts and editor stay out of the first page's JavaScript.
              { id: 'viewStation', path: paths.viewStation.path, ...stationPage(queryClient) },
              { id: 'viewStationFromMap', path: paths.viewStationFromMap.path, ...stationPage(queryClient) },
              { id: 'viewStationPhotos', path: paths.viewStationPhotos.path, lazy: stationPhotosRoute },
              { id: 'stationPhotos', path: paths.stationPhotos.path, lazy: stationPhotosRoute },
              { id: 'stationNotes', path: paths.stationNotes.path, lazy: notesRoute('StationNotesRoute') },
              { id: 'viewProjectNotes', path: paths.viewProjectNotes.path, lazy: notesRoute('ProjectNotesRoute') },
              { id: 'viewProjectStationNotes', path: paths.viewProjectStationNotes.path, lazy: notesRoute('ProjectNotesRoute') },
              // All-stations views (spec §2); static segments (map, list, all) rank above :id and :bounds.
              { id: 'mapAllStations', path: paths.mapAllStations.path, ...stationsMap(queryClient) },
              { id: 'listAllStations', path: paths.listAllStations.path, ...stationsMap(queryClient) },
              { id: 'mapAllStationsBounds', path: paths.mapAllStationsBounds.path, ...stationsMap(queryClient) },
              { id: 'mapStation', path: paths.mapStation.path, ...stationsMap(queryClient) },
              { id: 'mapStationBounds', path: paths.mapStationBounds.path, ...stationsMap(queryClient) },
              { id: 'viewProjectBigMap', path: paths.viewProjectBigMap.path, ...projectBigMap(queryClient) },
              { id: 'viewProjectBigMapList', path: paths.viewProjectBigMapList.path, ...projectBigMap(queryClient) },
              { id: 'exploreBookmark', path: paths.exploreBookmark.path, ...explore(queryClient) },
              { id: 'exploreBookmarkOld', path: paths.exploreBookmarkOld.path, ...explore(queryClient) },
              { id: 'exploreShortBookmark', path: paths.exploreShortBookmark.path, ...explore(queryClient) },
              { id: 'notFound', path: '*', element: <NotFoundView /> },
            ]),
            guarded(queryClient, 'guest', [
              { id: 'login', path: paths.login.path, lazy: loginRoute(false) },
              { id: 'register', path: paths.register.path, lazy: accountRoute('RegisterRoute') },
              { id: 'recover', path: paths.recover.path, lazy: accountRoute('RecoverRoute') },
            ]),
            guarded(queryClient, 'open', [
              // Listed before /login/:token; React Router also ranks the static segments first.
              {
                id: 'loginKeycloak',
                path: paths.loginKeycloak.path,
                lazy: signInOnArrival(queryClient, 'keycloak'),
                shouldRevalidate: runOnce,
                HydrateFallback: PageLoading,
              },
              {
                id: 'loginDiscourse',
                path: paths.loginDiscourse.path,
                lazy: signInOnArrival(queryClient, 'discourse'),
                shouldRevalidate: runOnce,
                HydrateFallback: PageLoading,
              },
              {
                id: 'loginResume',
                path: paths.loginResume.path,
                lazy: signInOnArrival(queryClient, 'resume'),
                shouldRevalidate: runOnce,
                HydrateFallback: PageLoading,
              },
              { id: 'spoof', path: paths.spoof.path, lazy: loginRoute(true) },
              { id: 'recoverComplete', path: paths.recoverComplete.path, lazy: accountRoute('ResetPasswordRoute') },
              { id: 'deleteAccount', path: paths.deleteAccount.path, lazy: deleteAccountRoute },
              { id: 'undoEmailChange', path: paths.undoEmailChange.path, lazy: accountRoute('UndoEmailRoute') },
              { id: 'terms', path: paths.terms.path, lazy: termsRoute },
            ]),
            guarded(queryClient, 'secured', [
              // Audit replay: the API decides who may see which history (project administrators, station owners).
              { id: 'viewProjectHistory', path: paths.viewProjectHistory.path, lazy: projectRoute('history') },
              { id: 'stationHistory', path: paths.stationHistory.path, ...stationPage(queryClient) },
              { id: 'exploreExport', path: paths.exploreExport.path, ...explore(queryClient) },
              {
                id: 'internalFeatures',
                path: paths.internalFeatures.path,
                lazy: async () => ({ Component: (await import('@/features/internal/components/features-view')).FeaturesView }),
              },
              { id: 'myStationNotes', path: paths.myStationNotes.path, lazy: notesRoute('MyStationNotesRoute') },
              {
                id: 'notifications',
                path: paths.notifications.path,
                lazy: async () => ({
                  Component: (await import('@/features/notifications/components/notifications-view')).NotificationsView,
                }),
              },
              {
                id: 'analysis',
                path: paths.analysis.path,
                lazy: async () => ({ Component: (await import('@/features/analysis/components/analysis-view')).AnalysisView }),
              },
              {
                id: 'editUser',
                path: paths.editUser.path,
                // On demand like the project forms: its forms stay out of every page's JavaScript (350 KB budget).
                lazy: async () => ({ Component: (await import('@/features/account/components/profile-view')).ProfileView }),
              },
              { id: 'addProject', path: paths.addProject.path, lazy: addProjectRoute },
              { id: 'editProject', path: paths.editProject.path, lazy: editProjectRoute },
              { id: 'addProjectUpdate', path: paths.addProjectUpdate.path, lazy: projectUpdateRoute },
              { id: 'editProjectUpdate', path: paths.editProjectUpdate.path, lazy: projectUpdateRoute },
            ]),
          ],
        },
      ],
    },
  ]);

export const AppRouter = () => {
  const queryClient = useQueryClient();
  // One router for the app's life; created on first render so tests can mount the app afresh.
  const [router] = useState(() => createRouter(queryClient));

  // Signed out under a page (expired session, another tab, account deleted): the guard looks again,
  // so a secured page gives way to the login screen (spec §8: an auth error anywhere leads to login).
  useEffect(
    () =>
      tokenStore.subscribe(() => {
        // A navigation under way runs the guard anyway (and may be the one that found the session over).
        if (tokenStore.get() === null && router.state.initialized && router.state.navigation.state === 'idle') {
          void router.revalidate();
        }
      }),
    [router],
  );

  return <RouterProvider router={router} />;
};
