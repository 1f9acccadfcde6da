import type { ProjectBounds } from '@groundtruth/domain';

/** A row of `projects` (the projector's projects projection writes it; its DDL is there). */
export type ProjectRow = {
  id: string;
  /** The details' version: revision of the last event that changed the details or the photo. */
  revision: string;
  /** The team's version: revision of the last event that changed members, roles or invitations. */
  team_revision: string;
  name: string;
  description: string;
  goal: string;
  location: string;
  slug: string;
  tags: string[];
  privacy: number;
  show_stations: boolean;
  show_exact_location: boolean;
  bounds: ProjectBounds | null;
  start_time: Date | null;
  end_time: Date | null;
  photo: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};
