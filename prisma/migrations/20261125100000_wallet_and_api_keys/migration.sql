-- Issue #20: a client's prepaid wallet (ledger bucket `wallet`), its top-ups paid through Paystack,
-- orders paid from it, and API keys for the reseller API.
ALTER TYPE "ledger_bucket" ADD VALUE 'wallet';
ALTER TYPE "ledger_entry_kind" ADD VALUE 'wallet_top_up';
ALTER TYPE "ledger_entry_kind" ADD VALUE 'wallet_payment';
ALTER TYPE "ledger_entry_kind" ADD VALUE 'wallet_refund';

CREATE TABLE "wallet_top_ups" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "fee_minor" INTEGER NOT NULL,
    "total_minor" INTEGER NOT NULL,
    "currency" "currency" NOT NULL,
    "credited_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "wallet_top_ups_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "wallet_top_ups_client_id_created_at_idx" ON "wallet_top_ups"("client_id", "created_at");
ALTER TABLE "wallet_top_ups" ADD CONSTRAINT "wallet_top_ups_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "window_count" INTEGER NOT NULL DEFAULT 0,
    "request_count" INTEGER NOT NULL DEFAULT 0,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");
CREATE INDEX "api_keys_user_id_created_at_idx" ON "api_keys"("user_id", "created_at");
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "orders" ADD COLUMN "paid_from_wallet" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "api_key_id" INTEGER,
ADD COLUMN "client_reference" TEXT;
CREATE UNIQUE INDEX "orders_client_id_client_reference_key" ON "orders"("client_id", "client_reference");
ALTER TABLE "orders" ADD CONSTRAINT "orders_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A payment attempt pays an order or a top-up.
ALTER TABLE "payment_attempts" ALTER COLUMN "order_id" DROP NOT NULL,
ADD COLUMN "top_up_id" INTEGER;
CREATE INDEX "payment_attempts_top_up_id_idx" ON "payment_attempts"("top_up_id");
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_top_up_id_fkey" FOREIGN KEY ("top_up_id") REFERENCES "wallet_top_ups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "ledger_entries" ADD COLUMN "top_up_id" INTEGER;
CREATE INDEX "ledger_entries_top_up_id_idx" ON "ledger_entries"("top_up_id");
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_top_up_id_fkey" FOREIGN KEY ("top_up_id") REFERENCES "wallet_top_ups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_pays_one_thing" CHECK (("order_id" IS NULL) <> ("top_up_id" IS NULL));
