-- CreateTable
CREATE TABLE "SiteMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "recipientKind" INTEGER NOT NULL,
    "recipientUserId" INTEGER,
    "recipientRoleId" INTEGER,
    "recipientCount" INTEGER NOT NULL DEFAULT 0,
    "replyCount" INTEGER NOT NULL DEFAULT 0,
    "lastReplyTime" DATETIME,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "SiteMessageRecipient" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "messageId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "readTime" DATETIME,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SiteMessageRecipient_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "SiteMessage" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SiteMessageReply" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "messageId" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "fromPlatform" BOOLEAN NOT NULL,
    "parentReplyId" INTEGER,
    "memberUserId" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME,
    CONSTRAINT "SiteMessageReply_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "SiteMessage" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SiteMessage_tenantId_isDeleted_recipientKind_id_idx" ON "SiteMessage"("tenantId", "isDeleted", "recipientKind", "id");

-- CreateIndex
CREATE INDEX "SiteMessage_tenantId_isDeleted_creationTime_idx" ON "SiteMessage"("tenantId", "isDeleted", "creationTime");

-- CreateIndex
CREATE INDEX "SiteMessageRecipient_userId_readTime_idx" ON "SiteMessageRecipient"("userId", "readTime");

-- CreateIndex
CREATE INDEX "SiteMessageRecipient_messageId_readTime_idx" ON "SiteMessageRecipient"("messageId", "readTime");

-- CreateIndex
CREATE UNIQUE INDEX "SiteMessageRecipient_messageId_userId_key" ON "SiteMessageRecipient"("messageId", "userId");

-- CreateIndex
CREATE INDEX "SiteMessageReply_messageId_id_idx" ON "SiteMessageReply"("messageId", "id");
