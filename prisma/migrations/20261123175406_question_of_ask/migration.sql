-- CreateTable
CREATE TABLE "QuestionOfAsk" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "categoryId" INTEGER,
    "acceptedReplyId" INTEGER,
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
CREATE TABLE "QuestionOfAskReply" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionOfAskId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
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
    "deletionTime" DATETIME,
    CONSTRAINT "QuestionOfAskReply_questionOfAskId_fkey" FOREIGN KEY ("questionOfAskId") REFERENCES "QuestionOfAsk" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "QuestionOfAsk_tenantId_isDeleted_auditStatus_id_idx" ON "QuestionOfAsk"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "QuestionOfAsk_tenantId_isDeleted_creatorUserId_id_idx" ON "QuestionOfAsk"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "QuestionOfAsk_categoryId_idx" ON "QuestionOfAsk"("categoryId");

-- CreateIndex
CREATE INDEX "QuestionOfAskReply_questionOfAskId_isDeleted_auditStatus_idx" ON "QuestionOfAskReply"("questionOfAskId", "isDeleted", "auditStatus");

-- CreateIndex
CREATE INDEX "QuestionOfAskReply_tenantId_isDeleted_auditStatus_id_idx" ON "QuestionOfAskReply"("tenantId", "isDeleted", "auditStatus", "id");
