-- CreateIndex
CREATE INDEX "orders_client_id_id_idx" ON "orders"("client_id", "id");
