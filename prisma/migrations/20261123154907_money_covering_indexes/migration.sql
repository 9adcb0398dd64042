-- DropIndex
DROP INDEX "LedgerEntry_tenantId_type_creationTime_idx";

-- DropIndex
DROP INDEX "LedgerEntry_tenantId_creationTime_idx";

-- CreateIndex
CREATE INDEX "LedgerEntry_tenantId_creationTime_type_channel_amount_memberId_idx" ON "LedgerEntry"("tenantId", "creationTime", "type", "channel", "amount", "memberId");

-- CreateIndex
CREATE INDEX "LedgerEntry_tenantId_type_creationTime_channel_amount_memberId_idx" ON "LedgerEntry"("tenantId", "type", "creationTime", "channel", "amount", "memberId");
