import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { ProjectsList } from '@/features/projects/components/projects-list';
import { AppLayout, type RouteHandle } from './layout';
import { ProjectRoute } from './routes/project.route';
import { RouteError } from './routes/route-error';

/** Route ids are the spec's route names (§2 route table). */
export const createRouter = () =>
  createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        {
          // Errors render inside the layout, so header and sidebar stay usable.
          errorElement: <RouteError />,
          children: [
            {
              id: 'root',
              path: paths.root.path,
              element: <ProjectsList />,
              // Spec §2 Layout: the sidebar is forced narrow on the root route.
              handle: { narrowSidebar: true } satisfies RouteHandle,
            },
            { id: 'projects', path: paths.projects.path, element: <ProjectsList /> },
            { id: 'viewProject', path: paths.viewProject.path, element: <ProjectRoute /> },
            { id: 'notFound', path: '*', element: <NotFoundView /> },
          ],
        },
      ],
    },
  ]);

export const AppRouter = () => {
  // One router for the app's life; created on first render so tests can mount the app afresh.
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
};
