-- CreateTable
CREATE TABLE "ReviewDecision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "entityName" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "step" INTEGER NOT NULL,
    "stepName" TEXT NOT NULL,
    "decision" INTEGER NOT NULL,
    "reason" TEXT,
    "auditStatus" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Article" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "summary" TEXT,
    "content" TEXT NOT NULL,
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
    "deletionTime" DATETIME
);
INSERT INTO "new_Article" ("auditReason", "auditStatus", "auditTime", "auditorUserId", "author", "categoryId", "content", "coverImageUrl", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "id", "isDeleted", "isTop", "keywords", "lastModificationTime", "lastModifierUserId", "source", "summary", "tenantId", "title", "topTime", "viewCount") SELECT "auditReason", "auditStatus", "auditTime", "auditorUserId", "author", "categoryId", "content", "coverImageUrl", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "id", "isDeleted", "isTop", "keywords", "lastModificationTime", "lastModifierUserId", "source", "summary", "tenantId", "title", "topTime", "viewCount" FROM "Article";
DROP TABLE "Article";
ALTER TABLE "new_Article" RENAME TO "Article";
CREATE INDEX "Article_tenantId_isDeleted_isTop_topTime_id_idx" ON "Article"("tenantId", "isDeleted", "isTop", "topTime", "id");
CREATE INDEX "Article_tenantId_isDeleted_auditStatus_id_idx" ON "Article"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "Article_tenantId_isDeleted_creatorUserId_id_idx" ON "Article"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "Article_categoryId_idx" ON "Article"("categoryId");
CREATE TABLE "new_LearningCourse" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "chapterTypeId" INTEGER,
    "summary" TEXT,
    "content" TEXT NOT NULL,
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
    "deletionTime" DATETIME
);
INSERT INTO "new_LearningCourse" ("auditReason", "auditStatus", "auditTime", "auditorUserId", "categoryId", "chapterTypeId", "content", "coverImageUrl", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "id", "isDeleted", "isUniversity", "lastModificationTime", "lastModifierUserId", "sort", "summary", "tenantId", "title", "videoUrl", "viewCount") SELECT "auditReason", "auditStatus", "auditTime", "auditorUserId", "categoryId", "chapterTypeId", "content", "coverImageUrl", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "id", "isDeleted", "isUniversity", "lastModificationTime", "lastModifierUserId", "sort", "summary", "tenantId", "title", "videoUrl", "viewCount" FROM "LearningCourse";
DROP TABLE "LearningCourse";
ALTER TABLE "new_LearningCourse" RENAME TO "LearningCourse";
CREATE INDEX "LearningCourse_tenantId_isDeleted_isUniversity_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "isUniversity", "id");
CREATE INDEX "LearningCourse_tenantId_isDeleted_auditStatus_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "LearningCourse_tenantId_isDeleted_creatorUserId_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "LearningCourse_categoryId_idx" ON "LearningCourse"("categoryId");
CREATE INDEX "LearningCourse_chapterTypeId_idx" ON "LearningCourse"("chapterTypeId");
CREATE TABLE "new_OneQuestionPerday" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER,
    "content" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "analysis" TEXT,
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
    "deletionTime" DATETIME
);
INSERT INTO "new_OneQuestionPerday" ("analysis", "answer", "auditReason", "auditStatus", "auditTime", "auditorUserId", "categoryId", "content", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "id", "isDeleted", "lastModificationTime", "lastModifierUserId", "publishDate", "tenantId", "title") SELECT "analysis", "answer", "auditReason", "auditStatus", "auditTime", "auditorUserId", "categoryId", "content", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "id", "isDeleted", "lastModificationTime", "lastModifierUserId", "publishDate", "tenantId", "title" FROM "OneQuestionPerday";
DROP TABLE "OneQuestionPerday";
ALTER TABLE "new_OneQuestionPerday" RENAME TO "OneQuestionPerday";
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_publishDate_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "publishDate");
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_auditStatus_id_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_creatorUserId_id_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE TABLE "new_Resource" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "description" TEXT,
    "fileUrl" TEXT NOT NULL,
    "fileType" TEXT,
    "fileSize" INTEGER,
    "coverImageUrl" TEXT,
    "isUniversity" BOOLEAN NOT NULL DEFAULT false,
    "downloadCount" INTEGER NOT NULL DEFAULT 0,
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
    "deletionTime" DATETIME
);
INSERT INTO "new_Resource" ("auditReason", "auditStatus", "auditTime", "auditorUserId", "categoryId", "coverImageUrl", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "description", "downloadCount", "fileSize", "fileType", "fileUrl", "id", "isDeleted", "isTop", "isUniversity", "lastModificationTime", "lastModifierUserId", "tenantId", "title", "topTime") SELECT "auditReason", "auditStatus", "auditTime", "auditorUserId", "categoryId", "coverImageUrl", "creationTime", "creatorUserId", "deleterUserId", "deletionTime", "description", "downloadCount", "fileSize", "fileType", "fileUrl", "id", "isDeleted", "isTop", "isUniversity", "lastModificationTime", "lastModifierUserId", "tenantId", "title", "topTime" FROM "Resource";
DROP TABLE "Resource";
ALTER TABLE "new_Resource" RENAME TO "Resource";
CREATE INDEX "Resource_tenantId_isDeleted_isUniversity_isTop_topTime_id_idx" ON "Resource"("tenantId", "isDeleted", "isUniversity", "isTop", "topTime", "id");
CREATE INDEX "Resource_tenantId_isDeleted_auditStatus_id_idx" ON "Resource"("tenantId", "isDeleted", "auditStatus", "id");
CREATE INDEX "Resource_tenantId_isDeleted_creatorUserId_id_idx" ON "Resource"("tenantId", "isDeleted", "creatorUserId", "id");
CREATE INDEX "Resource_categoryId_idx" ON "Resource"("categoryId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ReviewDecision_tenantId_entityName_entityId_id_idx" ON "ReviewDecision"("tenantId", "entityName", "entityId", "id");
