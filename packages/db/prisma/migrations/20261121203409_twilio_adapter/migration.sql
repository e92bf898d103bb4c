-- CreateTable
CREATE TABLE "twilio_messages" (
    "message_id" TEXT NOT NULL,
    "message_sid" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "twilio_messages_pkey" PRIMARY KEY ("message_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "twilio_messages_message_sid_key" ON "twilio_messages"("message_sid");
