/** Route names from the spec's route table (§2); links are built here, never by hand. */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  projects: { path: '/dashboard', getHref: () => '/dashboard' },
  viewProject: {
    path: '/dashboard/projects/:id',
    getHref: (id: number) => `/dashboard/projects/${id}`,
  },
} as const;
