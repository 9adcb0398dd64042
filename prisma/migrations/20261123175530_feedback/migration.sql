-- CreateTable
CREATE TABLE "Discuss" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "targetType" INTEGER NOT NULL,
    "targetId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "sensitiveHits" INTEGER NOT NULL DEFAULT 0,
    "sensitiveWords" TEXT NOT NULL DEFAULT '[]',
    "auditStatus" INTEGER NOT NULL DEFAULT 0,
    "reviewStep" INTEGER NOT NULL DEFAULT 0,
    "auditorUserId" INTEGER,
    "auditTime" DATETIME,
    "auditReason" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "LeaveMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "messageType" INTEGER NOT NULL DEFAULT 1,
    "contact" TEXT,
    "replyContent" TEXT,
    "replyUserId" INTEGER,
    "replyTime" DATETIME,
    "sensitiveHits" INTEGER NOT NULL DEFAULT 0,
    "sensitiveWords" TEXT NOT NULL DEFAULT '[]',
    "auditStatus" INTEGER NOT NULL DEFAULT 0,
    "reviewStep" INTEGER NOT NULL DEFAULT 0,
    "auditorUserId" INTEGER,
    "auditTime" DATETIME,
    "auditReason" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateIndex
CREATE INDEX "Discuss_tenantId_isDeleted_auditStatus_id_idx" ON "Discuss"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "Discuss_tenantId_isDeleted_targetType_targetId_id_idx" ON "Discuss"("tenantId", "isDeleted", "targetType", "targetId", "id");

-- CreateIndex
CREATE INDEX "Discuss_tenantId_isDeleted_creatorUserId_id_idx" ON "Discuss"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "Discuss_tenantId_isDeleted_sensitiveHits_id_idx" ON "Discuss"("tenantId", "isDeleted", "sensitiveHits", "id");

-- CreateIndex
CREATE INDEX "LeaveMessage_tenantId_isDeleted_auditStatus_id_idx" ON "LeaveMessage"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "LeaveMessage_tenantId_isDeleted_creatorUserId_id_idx" ON "LeaveMessage"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "LeaveMessage_tenantId_isDeleted_sensitiveHits_id_idx" ON "LeaveMessage"("tenantId", "isDeleted", "sensitiveHits", "id");
