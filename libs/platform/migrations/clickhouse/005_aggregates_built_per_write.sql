-- The aggregate levels are built by the writers of readings, once per write, no longer by
-- materialized views. The views added every block inserted into `readings`: an upload written in
-- slices paid the four levels' inserts (a part per table and partition) at every slice, which made
-- an insert with its views three to five times the cost of the insert alone, and a reading inserted
-- twice was counted twice until a count comparison found and rebuilt its days. Now a write inserts
-- its readings into `readings` alone, then builds its station's whole days at every level from
-- `readings FINAL` (the finest level from the readings, each coarser one from the level below),
-- deleting what those days held first unless they held nothing (libs/platform/src/clickhouse/
-- reading-aggregates.ts). The tables stay as 004 made them, with the rows the views wrote, which
-- were exact (reconciled after every write that could double a reading).

DROP VIEW IF EXISTS readings_10m_mv;
DROP VIEW IF EXISTS readings_1h_mv;
DROP VIEW IF EXISTS readings_6h_mv;
DROP VIEW IF EXISTS readings_1d_mv;
