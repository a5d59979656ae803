-- Quality flags belong to done work only (server/modules/quality/activity-flags.ts): an annotation
-- taken back loses them in the statement that takes it back, so a draft save, the most frequent
-- write of all, needs no judgement of its own. The WHEN clause keeps the trigger off every other
-- update.
CREATE FUNCTION clear_quality_flags() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.quality_flags := '{}';
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER annotations_quality_flags_cleared
  BEFORE UPDATE OF is_done ON annotations
  FOR EACH ROW WHEN (NOT NEW.is_done AND OLD.quality_flags <> '{}')
  EXECUTE FUNCTION clear_quality_flags();
