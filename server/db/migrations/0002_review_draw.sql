-- The review draw: when an annotation becomes done in a task whose task type has review enabled,
-- it is drawn for review always while its worker has fewer than review_newcomers_bound other done
-- annotations in that task type, otherwise when its draw value is below review_probability. The
-- draw value is a hash of the annotation id in [0, 1): reopening and finishing the annotation
-- again draws the same outcome, and tests compute the expected outcome with the same function.
-- A trigger sees every path that finishes an annotation (each save path, bulk finishes); the
-- unique review_items_annotation_key keeps one review item per annotation.
CREATE FUNCTION review_draw_value(annotation_id integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashtextextended('review-draw:' || annotation_id::text, 0) & 9007199254740991)::double precision
    / 9007199254740992
$$;
--> statement-breakpoint
CREATE FUNCTION draw_review_item() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rule record;
  earlier_done integer;
BEGIN
  IF NOT NEW.is_done OR (TG_OP = 'UPDATE' AND OLD.is_done) THEN
    RETURN NULL;
  END IF;
  SELECT t.id AS task_id, tt.id AS task_type_id, tt.review_probability,
      tt.review_newcomers_bound
    INTO rule
    FROM items i
    JOIN tasks t ON t.id = i.task_id
    JOIN task_types tt ON tt.id = t.task_type_id
    WHERE i.id = NEW.item_id AND tt.review_enabled;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF review_draw_value(NEW.id) >= rule.review_probability THEN
    SELECT count(*) INTO earlier_done FROM (
      SELECT 1 FROM annotations a
      JOIN items i ON i.id = a.item_id
      JOIN tasks t ON t.id = i.task_id
      WHERE a.user_id = NEW.user_id AND a.is_done AND a.id <> NEW.id
        AND t.task_type_id = rule.task_type_id
      LIMIT rule.review_newcomers_bound
    ) earlier;
    IF earlier_done >= rule.review_newcomers_bound THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO review_items (item_id, annotation_id, task_id, user_id)
    VALUES (NEW.item_id, NEW.id, rule.task_id, NEW.user_id)
    ON CONFLICT (annotation_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER annotations_review_draw
  AFTER INSERT OR UPDATE OF is_done ON annotations
  FOR EACH ROW EXECUTE FUNCTION draw_review_item();
