-- Issue #50: the catalogue is data the operator prices (decision 0046). SPEC's three follower
-- services keep their ids, prices and rules; the starting catalogue beside them is the decision's.
CREATE TYPE "service_target" AS ENUM ('profile', 'post');

CREATE TABLE "services" (
  "id" TEXT NOT NULL,
  "number" SERIAL NOT NULL,
  "platform" "platform" NOT NULL,
  "kind" "engagement_type" NOT NULL,
  "target" "service_target" NOT NULL,
  "name" TEXT NOT NULL,
  "description" TEXT NOT NULL DEFAULT '',
  "unit_price_minor" INTEGER NOT NULL,
  "worker_reward_minor" INTEGER NOT NULL,
  "min_quantity" INTEGER NOT NULL,
  "max_quantity" INTEGER NOT NULL,
  "refill_days" INTEGER NOT NULL DEFAULT 0,
  "drip_feed" BOOLEAN NOT NULL DEFAULT false,
  "cancel" BOOLEAN NOT NULL DEFAULT true,
  "delivery_time" TEXT NOT NULL,
  "active" BOOLEAN NOT NULL DEFAULT true,
  "position" INTEGER NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "services_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "services_reward_below_price" CHECK ("worker_reward_minor" > 0 AND "worker_reward_minor" < "unit_price_minor"),
  CONSTRAINT "services_quantities" CHECK ("min_quantity" >= 1 AND "max_quantity" >= "min_quantity" AND "max_quantity" <= 1000000),
  CONSTRAINT "services_refill_days" CHECK ("refill_days" BETWEEN 0 AND 365)
);
CREATE UNIQUE INDEX "services_number_key" ON "services"("number");
CREATE INDEX "services_position_idx" ON "services"("position");

INSERT INTO "services" ("id", "number", "platform", "kind", "target", "name", "description", "unit_price_minor", "worker_reward_minor",
  "min_quantity", "max_quantity", "refill_days", "drip_feed", "cancel", "delivery_time", "position") VALUES
  ('custom-instagram', 1, 'instagram', 'followers', 'profile', 'Instagram Followers', 'Instagram followers from real people, delivered gradually.', 150, 45, 50, 100000, 30, true, true, '24-48 Hours', 10),
  ('custom-tiktok', 2, 'tiktok', 'followers', 'profile', 'TikTok Followers', 'TikTok followers from real people, delivered gradually.', 150, 45, 50, 100000, 30, true, true, '24-48 Hours', 20),
  ('custom-youtube', 3, 'youtube', 'subscribers', 'profile', 'YouTube Subscribers', 'YouTube subscribers from real people, delivered gradually.', 200, 60, 50, 100000, 30, true, true, '48-72 Hours', 30),
  ('instagram-likes', 4, 'instagram', 'likes', 'post', 'Instagram Likes', 'Likes on one Instagram post or reel from real people.', 25, 8, 20, 50000, 0, true, true, '24-48 Hours', 11),
  ('instagram-views', 5, 'instagram', 'views', 'post', 'Instagram Reel Views', 'Real people watch one Instagram reel for at least 30 seconds.', 10, 3, 100, 100000, 0, true, true, '24-48 Hours', 12),
  ('instagram-comments', 6, 'instagram', 'comments', 'post', 'Instagram Comments', 'Your own comments, one per person, posted on one Instagram post by real people.', 100, 30, 5, 1000, 0, false, true, '24-72 Hours', 13),
  ('tiktok-likes', 7, 'tiktok', 'likes', 'post', 'TikTok Likes', 'Likes on one TikTok video from real people.', 25, 8, 20, 50000, 0, true, true, '24-48 Hours', 21),
  ('tiktok-views', 8, 'tiktok', 'views', 'post', 'TikTok Views', 'Real people watch one TikTok video for at least 30 seconds.', 10, 3, 100, 100000, 0, true, true, '24-48 Hours', 22),
  ('tiktok-comments', 9, 'tiktok', 'comments', 'post', 'TikTok Comments', 'Your own comments, one per person, posted on one TikTok video by real people.', 100, 30, 5, 1000, 0, false, true, '24-72 Hours', 23),
  ('youtube-likes', 10, 'youtube', 'likes', 'post', 'YouTube Likes', 'Likes on one YouTube video from real people.', 25, 8, 20, 50000, 0, true, true, '24-48 Hours', 31),
  ('youtube-views', 11, 'youtube', 'views', 'post', 'YouTube Views', 'Real people watch one YouTube video for at least 30 seconds.', 10, 3, 100, 100000, 0, true, true, '48-72 Hours', 32),
  ('youtube-comments', 12, 'youtube', 'comments', 'post', 'YouTube Comments', 'Your own comments, one per person, posted on one YouTube video by real people.', 100, 30, 5, 1000, 0, false, true, '48-72 Hours', 33),
  ('x-followers', 13, 'twitter', 'followers', 'profile', 'X Followers', 'X (Twitter) followers from real people, delivered gradually.', 150, 45, 50, 100000, 30, true, true, '24-48 Hours', 40),
  ('x-likes', 14, 'twitter', 'likes', 'post', 'X Likes', 'Likes on one X post from real people.', 25, 8, 20, 50000, 0, true, true, '24-48 Hours', 41),
  ('x-views', 15, 'twitter', 'views', 'post', 'X Post Views', 'Real people open and read one X post.', 10, 3, 100, 100000, 0, true, true, '24-48 Hours', 42),
  ('facebook-followers', 16, 'facebook', 'followers', 'profile', 'Facebook Followers', 'Facebook page or profile followers from real people, delivered gradually.', 150, 45, 50, 100000, 30, true, true, '24-48 Hours', 50),
  ('facebook-likes', 17, 'facebook', 'likes', 'post', 'Facebook Post Likes', 'Likes on one Facebook post from real people.', 25, 8, 20, 50000, 0, true, true, '24-48 Hours', 51),
  ('facebook-views', 18, 'facebook', 'views', 'post', 'Facebook Video Views', 'Real people watch one Facebook video or reel for at least 30 seconds.', 10, 3, 100, 100000, 0, true, true, '24-48 Hours', 52);
SELECT setval(pg_get_serial_sequence('services', 'number'), 18);

-- Every process keeps the catalogue and hears of each change to it (as of users, migration 20261128010000).
CREATE FUNCTION "notify_services_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('services_changed', TG_TABLE_SCHEMA || ' *');
  RETURN NULL;
END
$$;
CREATE TRIGGER "services_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_services_changed"();

-- An order keeps what it was bought at: the service (package_id, SPEC's name for it), the price, and now
-- the worker's reward per action. Orders of before bought SPEC's three at 30 % of the price.
ALTER TABLE "orders" ADD COLUMN "reward_minor" INTEGER;
UPDATE "orders" SET "reward_minor" = CASE "platform" WHEN 'youtube' THEN 60 ELSE 45 END;
ALTER TABLE "orders" ALTER COLUMN "reward_minor" SET NOT NULL;
ALTER TABLE "orders" ADD CONSTRAINT "orders_package_id_fkey" FOREIGN KEY ("package_id") REFERENCES "services"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A comments order's own lines, one per comment, in the client's order.
CREATE TABLE "order_comment_lines" (
  "id" SERIAL NOT NULL,
  "order_id" INTEGER NOT NULL,
  "position" INTEGER NOT NULL,
  "text" TEXT NOT NULL,
  CONSTRAINT "order_comment_lines_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "order_comment_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "order_comment_lines_order_id_position_key" ON "order_comment_lines"("order_id", "position");

-- One action per worker, and per handle, on a target and kind: a worker may like a post and also
-- comment on it, but not like it twice.
ALTER TABLE "task_completions" ADD COLUMN "type" "engagement_type";
UPDATE "task_completions" c SET "type" = t."type" FROM "tasks" t WHERE t."id" = c."task_id";
ALTER TABLE "task_completions" ALTER COLUMN "type" SET NOT NULL;
DROP INDEX "task_completions_target_url_worker_id_key";
DROP INDEX "task_completions_target_url_platform_handle_key";
CREATE UNIQUE INDEX "task_completions_target_url_type_worker_id_key" ON "task_completions"("target_url", "type", "worker_id");
CREATE UNIQUE INDEX "task_completions_target_url_type_platform_handle_key" ON "task_completions"("target_url", "type", "platform", "handle");
