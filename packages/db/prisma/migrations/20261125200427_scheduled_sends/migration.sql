-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "send_at" TIMESTAMPTZ(3);

-- accept_message_batch learns send_at in 20261125201505_billing_read, with the other send controls.
