-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "serialNo" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "channel" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "balanceAfter" INTEGER NOT NULL,
    "orderNo" TEXT,
    "transactionNo" TEXT,
    "operatorUserId" INTEGER,
    "remark" TEXT,
    "reversalOfId" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "MemberAccount" (
    "userId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "balance" INTEGER NOT NULL DEFAULT 0,
    "entryCount" INTEGER NOT NULL DEFAULT 0,
    "lastEntryId" INTEGER,
    "lastModificationTime" DATETIME
);

-- CreateTable
CREATE TABLE "MoneySequence" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "value" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "orderNo" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "channel" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "transactionNo" TEXT,
    "remark" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastAttemptTime" DATETIME,
    "paidTime" DATETIME,
    "closedTime" DATETIME,
    "ledgerEntryId" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "Consumption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "orderNo" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "itemType" INTEGER NOT NULL,
    "itemId" INTEGER,
    "itemName" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "refundedAmount" INTEGER NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 1,
    "remark" TEXT,
    "ledgerEntryId" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "ConsumptionRefund" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "consumptionId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "requestNo" TEXT NOT NULL,
    "ledgerEntryId" INTEGER NOT NULL,
    "creatorUserId" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_serialNo_key" ON "LedgerEntry"("serialNo");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_reversalOfId_key" ON "LedgerEntry"("reversalOfId");

-- CreateIndex
CREATE INDEX "LedgerEntry_tenantId_creationTime_idx" ON "LedgerEntry"("tenantId", "creationTime");

-- CreateIndex
CREATE INDEX "LedgerEntry_tenantId_type_creationTime_idx" ON "LedgerEntry"("tenantId", "type", "creationTime");

-- CreateIndex
CREATE INDEX "LedgerEntry_memberId_id_idx" ON "LedgerEntry"("memberId", "id");

-- CreateIndex
CREATE INDEX "LedgerEntry_orderNo_idx" ON "LedgerEntry"("orderNo");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_orderNo_key" ON "Payment"("orderNo");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_ledgerEntryId_key" ON "Payment"("ledgerEntryId");

-- CreateIndex
CREATE INDEX "Payment_tenantId_isDeleted_creationTime_idx" ON "Payment"("tenantId", "isDeleted", "creationTime");

-- CreateIndex
CREATE INDEX "Payment_memberId_idx" ON "Payment"("memberId");

-- CreateIndex
CREATE INDEX "Payment_transactionNo_idx" ON "Payment"("transactionNo");

-- CreateIndex
CREATE UNIQUE INDEX "Consumption_orderNo_key" ON "Consumption"("orderNo");

-- CreateIndex
CREATE UNIQUE INDEX "Consumption_ledgerEntryId_key" ON "Consumption"("ledgerEntryId");

-- CreateIndex
CREATE INDEX "Consumption_tenantId_isDeleted_creationTime_idx" ON "Consumption"("tenantId", "isDeleted", "creationTime");

-- CreateIndex
CREATE INDEX "Consumption_memberId_idx" ON "Consumption"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "ConsumptionRefund_requestNo_key" ON "ConsumptionRefund"("requestNo");

-- CreateIndex
CREATE UNIQUE INDEX "ConsumptionRefund_ledgerEntryId_key" ON "ConsumptionRefund"("ledgerEntryId");

-- CreateIndex
CREATE INDEX "ConsumptionRefund_consumptionId_idx" ON "ConsumptionRefund"("consumptionId");

-- The ledger is append-only (docs/decisions.md, "Members and money (issue 10)"):
-- no code path updates or deletes a ledger row, and the database refuses it too.
CREATE TRIGGER "LedgerEntry_no_update" BEFORE UPDATE ON "LedgerEntry"
BEGIN
    SELECT RAISE(ABORT, 'LedgerEntry is append-only: write a reversal row instead');
END;

CREATE TRIGGER "LedgerEntry_no_delete" BEFORE DELETE ON "LedgerEntry"
BEGIN
    SELECT RAISE(ABORT, 'LedgerEntry is append-only: write a reversal row instead');
END;
