-- Long text columns last (docs/decisions.md, "Speed (issue 13), fourth pass"): SQLite reads a
-- column stored after a body that spills into overflow pages by walking those pages, so every list
-- read and keyword scan of the short columns behind the body paid for the body. Same table, same
-- rows, same indexes; only the column order changes. The keyword indexes' triggers, dropped with
-- the tables, are recreated and refilled by ensureKeywordIndexes when the database opens.
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Article" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "summary" TEXT,
    "coverImageUrl" TEXT,
    "author" TEXT,
    "source" TEXT,
    "keywords" TEXT,
    "viewCount" INTEGER NOT NULL DEFAULT 0,
    "isTop" BOOLEAN NOT NULL DEFAULT false,
    "topTime" DATETIME,
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
    "content" TEXT NOT NULL
);
INSERT INTO "new_Article" ("id", "tenantId", "title", "categoryId", "summary", "coverImageUrl", "author", "source", "keywords", "viewCount", "isTop", "topTime", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content") SELECT "id", "tenantId", "title", "categoryId", "summary", "coverImageUrl", "author", "source", "keywords", "viewCount", "isTop", "topTime", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content" FROM "Article";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'Article'), 0)) WHERE name = 'new_Article';
DROP TABLE "Article";
ALTER TABLE "new_Article" RENAME TO "Article";
CREATE INDEX "Article_categoryId_idx" ON "Article"("categoryId");
CREATE INDEX "Article_tenantId_isDeleted_auditStatus_id_idx" ON "Article"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "Article_tenantId_isDeleted_creatorUserId_id_idx" ON "Article"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "Article_tenantId_isDeleted_isTop_topTime_id_idx" ON "Article"("tenantId", "isDeleted", "isTop", "topTime", "id");
CREATE TABLE "new_LearningCourse" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "chapterTypeId" INTEGER,
    "summary" TEXT,
    "videoUrl" TEXT,
    "coverImageUrl" TEXT,
    "isUniversity" BOOLEAN NOT NULL DEFAULT false,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "viewCount" INTEGER NOT NULL DEFAULT 0,
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
    "content" TEXT NOT NULL
);
INSERT INTO "new_LearningCourse" ("id", "tenantId", "title", "categoryId", "chapterTypeId", "summary", "videoUrl", "coverImageUrl", "isUniversity", "sort", "viewCount", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content") SELECT "id", "tenantId", "title", "categoryId", "chapterTypeId", "summary", "videoUrl", "coverImageUrl", "isUniversity", "sort", "viewCount", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content" FROM "LearningCourse";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'LearningCourse'), 0)) WHERE name = 'new_LearningCourse';
DROP TABLE "LearningCourse";
ALTER TABLE "new_LearningCourse" RENAME TO "LearningCourse";
CREATE INDEX "LearningCourse_categoryId_idx" ON "LearningCourse"("categoryId");
CREATE INDEX "LearningCourse_chapterTypeId_idx" ON "LearningCourse"("chapterTypeId");
CREATE INDEX "LearningCourse_tenantId_isDeleted_auditStatus_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "LearningCourse_tenantId_isDeleted_creatorUserId_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "LearningCourse_tenantId_isDeleted_isUniversity_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "isUniversity", "id");
CREATE TABLE "new_OneQuestionPerday" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER,
    "publishDate" DATETIME NOT NULL,
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
    "answer" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "analysis" TEXT
);
INSERT INTO "new_OneQuestionPerday" ("id", "tenantId", "title", "categoryId", "publishDate", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "answer", "content", "analysis") SELECT "id", "tenantId", "title", "categoryId", "publishDate", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "answer", "content", "analysis" FROM "OneQuestionPerday";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'OneQuestionPerday'), 0)) WHERE name = 'new_OneQuestionPerday';
DROP TABLE "OneQuestionPerday";
ALTER TABLE "new_OneQuestionPerday" RENAME TO "OneQuestionPerday";
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_auditStatus_id_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_creatorUserId_id_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_publishDate_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "publishDate");
CREATE TABLE "new_TestQuestion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionType" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "difficulty" INTEGER NOT NULL DEFAULT 2,
    "score" REAL NOT NULL DEFAULT 2,
    "categoryId" INTEGER NOT NULL,
    "chapterTypeId" INTEGER,
    "isUniversity" BOOLEAN NOT NULL DEFAULT false,
    "isShow" BOOLEAN NOT NULL DEFAULT true,
    "trueFalseAnswer" BOOLEAN,
    "blanksJson" TEXT,
    "fingerprint" TEXT NOT NULL,
    "sisterGroupId" INTEGER,
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
    "stem" TEXT NOT NULL,
    "referenceAnswer" TEXT,
    "subQuestionsJson" TEXT,
    "analysis" TEXT
);
INSERT INTO "new_TestQuestion" ("id", "tenantId", "questionType", "title", "difficulty", "score", "categoryId", "chapterTypeId", "isUniversity", "isShow", "trueFalseAnswer", "blanksJson", "fingerprint", "sisterGroupId", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "stem", "referenceAnswer", "subQuestionsJson", "analysis") SELECT "id", "tenantId", "questionType", "title", "difficulty", "score", "categoryId", "chapterTypeId", "isUniversity", "isShow", "trueFalseAnswer", "blanksJson", "fingerprint", "sisterGroupId", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "stem", "referenceAnswer", "subQuestionsJson", "analysis" FROM "TestQuestion";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'TestQuestion'), 0)) WHERE name = 'new_TestQuestion';
DROP TABLE "TestQuestion";
ALTER TABLE "new_TestQuestion" RENAME TO "TestQuestion";
CREATE INDEX "TestQuestion_chapterTypeId_idx" ON "TestQuestion"("chapterTypeId");
CREATE INDEX "TestQuestion_sisterGroupId_idx" ON "TestQuestion"("sisterGroupId");
CREATE INDEX "TestQuestion_tenantId_categoryId_creationTime_idx" ON "TestQuestion"("tenantId", "categoryId", "creationTime");
CREATE INDEX "TestQuestion_tenantId_fingerprint_idx" ON "TestQuestion"("tenantId", "fingerprint");
CREATE INDEX "TestQuestion_tenantId_isDeleted_auditStatus_id_idx" ON "TestQuestion"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "TestQuestion_tenantId_isDeleted_creatorUserId_id_idx" ON "TestQuestion"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "TestQuestion_tenantId_isDeleted_isUniversity_id_idx" ON "TestQuestion"("tenantId", "isDeleted", "isUniversity", "id");
CREATE TABLE "new_SiteMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
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
    "deletionTime" DATETIME,
    "content" TEXT NOT NULL
);
INSERT INTO "new_SiteMessage" ("id", "tenantId", "title", "recipientKind", "recipientUserId", "recipientRoleId", "recipientCount", "replyCount", "lastReplyTime", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content") SELECT "id", "tenantId", "title", "recipientKind", "recipientUserId", "recipientRoleId", "recipientCount", "replyCount", "lastReplyTime", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content" FROM "SiteMessage";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'SiteMessage'), 0)) WHERE name = 'new_SiteMessage';
DROP TABLE "SiteMessage";
ALTER TABLE "new_SiteMessage" RENAME TO "SiteMessage";
CREATE INDEX "SiteMessage_tenantId_isDeleted_creationTime_idx" ON "SiteMessage"("tenantId", "isDeleted", "creationTime");
CREATE INDEX "SiteMessage_tenantId_isDeleted_recipientKind_id_idx" ON "SiteMessage"("tenantId", "isDeleted", "recipientKind", "id");
CREATE TABLE "new_Discuss" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "targetType" INTEGER NOT NULL,
    "targetId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "title" TEXT NOT NULL,
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
    "deletionTime" DATETIME,
    "content" TEXT NOT NULL
);
INSERT INTO "new_Discuss" ("id", "tenantId", "targetType", "targetId", "parentId", "title", "sensitiveHits", "sensitiveWords", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content") SELECT "id", "tenantId", "targetType", "targetId", "parentId", "title", "sensitiveHits", "sensitiveWords", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content" FROM "Discuss";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'Discuss'), 0)) WHERE name = 'new_Discuss';
DROP TABLE "Discuss";
ALTER TABLE "new_Discuss" RENAME TO "Discuss";
CREATE INDEX "Discuss_tenantId_isDeleted_auditStatus_id_idx" ON "Discuss"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "Discuss_tenantId_isDeleted_creatorUserId_id_idx" ON "Discuss"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "Discuss_tenantId_isDeleted_sensitiveHits_id_idx" ON "Discuss"("tenantId", "isDeleted", "sensitiveHits", "id");
CREATE INDEX "Discuss_tenantId_isDeleted_targetType_targetId_id_idx" ON "Discuss"("tenantId", "isDeleted", "targetType", "targetId", "id");
CREATE TABLE "new_LeaveMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "messageType" INTEGER NOT NULL DEFAULT 1,
    "contact" TEXT,
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
    "deletionTime" DATETIME,
    "content" TEXT NOT NULL,
    "replyContent" TEXT
);
INSERT INTO "new_LeaveMessage" ("id", "tenantId", "title", "messageType", "contact", "replyUserId", "replyTime", "sensitiveHits", "sensitiveWords", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content", "replyContent") SELECT "id", "tenantId", "title", "messageType", "contact", "replyUserId", "replyTime", "sensitiveHits", "sensitiveWords", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content", "replyContent" FROM "LeaveMessage";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'LeaveMessage'), 0)) WHERE name = 'new_LeaveMessage';
DROP TABLE "LeaveMessage";
ALTER TABLE "new_LeaveMessage" RENAME TO "LeaveMessage";
CREATE INDEX "LeaveMessage_tenantId_isDeleted_auditStatus_id_idx" ON "LeaveMessage"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "LeaveMessage_tenantId_isDeleted_creatorUserId_id_idx" ON "LeaveMessage"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "LeaveMessage_tenantId_isDeleted_sensitiveHits_id_idx" ON "LeaveMessage"("tenantId", "isDeleted", "sensitiveHits", "id");
CREATE TABLE "new_QuestionOfAsk" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
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
    "deletionTime" DATETIME,
    "content" TEXT NOT NULL
);
INSERT INTO "new_QuestionOfAsk" ("id", "tenantId", "title", "categoryId", "acceptedReplyId", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content") SELECT "id", "tenantId", "title", "categoryId", "acceptedReplyId", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content" FROM "QuestionOfAsk";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'QuestionOfAsk'), 0)) WHERE name = 'new_QuestionOfAsk';
DROP TABLE "QuestionOfAsk";
ALTER TABLE "new_QuestionOfAsk" RENAME TO "QuestionOfAsk";
CREATE INDEX "QuestionOfAsk_categoryId_idx" ON "QuestionOfAsk"("categoryId");
CREATE INDEX "QuestionOfAsk_tenantId_isDeleted_auditStatus_id_idx" ON "QuestionOfAsk"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "QuestionOfAsk_tenantId_isDeleted_creatorUserId_id_idx" ON "QuestionOfAsk"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE TABLE "new_QuestionOfAskReply" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionOfAskId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
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
    "content" TEXT NOT NULL,
    CONSTRAINT "QuestionOfAskReply_questionOfAskId_fkey" FOREIGN KEY ("questionOfAskId") REFERENCES "QuestionOfAsk" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_QuestionOfAskReply" ("id", "tenantId", "questionOfAskId", "title", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content") SELECT "id", "tenantId", "questionOfAskId", "title", "auditStatus", "reviewStep", "auditorUserId", "auditTime", "auditReason", "creationTime", "creatorUserId", "lastModificationTime", "lastModifierUserId", "isDeleted", "deleterUserId", "deletionTime", "content" FROM "QuestionOfAskReply";
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'QuestionOfAskReply'), 0)) WHERE name = 'new_QuestionOfAskReply';
DROP TABLE "QuestionOfAskReply";
ALTER TABLE "new_QuestionOfAskReply" RENAME TO "QuestionOfAskReply";
CREATE INDEX "QuestionOfAskReply_questionOfAskId_isDeleted_auditStatus_idx" ON "QuestionOfAskReply"("questionOfAskId", "isDeleted", "auditStatus");
CREATE INDEX "QuestionOfAskReply_tenantId_isDeleted_auditStatus_id_idx" ON "QuestionOfAskReply"("tenantId", "isDeleted", "auditStatus", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
