-- Issue #22: every process may keep the signed-in users it has looked up (session-user-cache.server.ts,
-- decision 0036) only while it hears of every change to them. Any update or deletion of a users row,
-- by any process or by hand, is announced on the channel users_changed as "<schema> <id>"; a TRUNCATE
-- as "<schema> *". NOTIFY is sent on commit, and not at all if the transaction rolls back.
CREATE FUNCTION "notify_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('users_changed', TG_TABLE_SCHEMA || ' *');
  ELSE
    PERFORM pg_notify('users_changed', TG_TABLE_SCHEMA || ' ' || OLD."id");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_row_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_users_changed"();

CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_users_changed"();
