-- A chunk's section number as a reader cites it ("3.2.1"), so a plan's sources fit a phone line
-- ("S1: Malaria at community level 3.2.1"). Chunks loaded before it have none until the next load writes
-- it (loading compares it as well as the content hash); the plan then names the section by its heading.
ALTER TABLE guideline_chunks ADD COLUMN section_number text;
