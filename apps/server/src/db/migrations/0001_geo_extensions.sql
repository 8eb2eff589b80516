-- Near me: earthdistance's great-circle helpers over cube points, indexed with GiST.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
