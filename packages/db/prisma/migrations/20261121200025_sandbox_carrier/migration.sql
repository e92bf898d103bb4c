-- CreateTable
CREATE TABLE "sandbox_messages" (
    "message_id" TEXT NOT NULL,
    "provider_message_id" TEXT NOT NULL,
    "from_number" TEXT NOT NULL,
    "to_number" TEXT NOT NULL,
    "send_requests" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_messages_pkey" PRIMARY KEY ("message_id")
);

-- CreateTable
CREATE TABLE "sandbox_numbers" (
    "number" TEXT NOT NULL,
    "area_code" TEXT NOT NULL,
    "provider_number_id" TEXT NOT NULL,
    "sold_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_numbers_pkey" PRIMARY KEY ("number")
);

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_messages_provider_message_id_key" ON "sandbox_messages"("provider_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_numbers_provider_number_id_key" ON "sandbox_numbers"("provider_number_id");

-- CreateIndex
CREATE INDEX "sandbox_numbers_area_code_idx" ON "sandbox_numbers"("area_code");
