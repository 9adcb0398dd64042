-- CreateTable
CREATE TABLE "ClassificationType" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "isStatic" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "MultiLevelCategory" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "classTypeId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "name" TEXT NOT NULL,
    "code" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "level" INTEGER NOT NULL DEFAULT 1,
    "path" TEXT NOT NULL DEFAULT '/',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "RoleCategoryGrant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "roleId" INTEGER NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER
);

-- CreateTable
CREATE TABLE "SystemDictionary" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "dictionaryType" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "remark" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "ChapterType" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "name" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "NavigationMenu" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "icon" TEXT,
    "target" TEXT NOT NULL DEFAULT '_self',
    "position" INTEGER NOT NULL DEFAULT 1,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "Advertising" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "imageUrl" TEXT NOT NULL,
    "linkUrl" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "startTime" DATETIME,
    "endTime" DATETIME,
    "clickCount" INTEGER NOT NULL DEFAULT 0,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "FriendLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "logoUrl" TEXT,
    "linkType" INTEGER NOT NULL DEFAULT 1,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "Article" (
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
CREATE TABLE "Resource" (
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
CREATE TABLE "LearningCourse" (
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
CREATE TABLE "OneQuestionPerday" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "categoryId" INTEGER,
    "content" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "analysis" TEXT,
    "publishDate" DATETIME NOT NULL,
    "auditStatus" INTEGER NOT NULL DEFAULT 0,
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
CREATE INDEX "ClassificationType_tenantId_isDeleted_idx" ON "ClassificationType"("tenantId", "isDeleted");

-- CreateIndex
CREATE INDEX "MultiLevelCategory_tenantId_classTypeId_parentId_idx" ON "MultiLevelCategory"("tenantId", "classTypeId", "parentId");

-- CreateIndex
CREATE INDEX "MultiLevelCategory_path_idx" ON "MultiLevelCategory"("path");

-- CreateIndex
CREATE INDEX "RoleCategoryGrant_tenantId_roleId_idx" ON "RoleCategoryGrant"("tenantId", "roleId");

-- CreateIndex
CREATE UNIQUE INDEX "RoleCategoryGrant_roleId_categoryId_key" ON "RoleCategoryGrant"("roleId", "categoryId");

-- CreateIndex
CREATE INDEX "SystemDictionary_tenantId_dictionaryType_idx" ON "SystemDictionary"("tenantId", "dictionaryType");

-- CreateIndex
CREATE INDEX "ChapterType_tenantId_categoryId_idx" ON "ChapterType"("tenantId", "categoryId");

-- CreateIndex
CREATE INDEX "NavigationMenu_tenantId_isDeleted_parentId_idx" ON "NavigationMenu"("tenantId", "isDeleted", "parentId");

-- CreateIndex
CREATE INDEX "Advertising_tenantId_isDeleted_categoryId_idx" ON "Advertising"("tenantId", "isDeleted", "categoryId");

-- CreateIndex
CREATE INDEX "FriendLink_tenantId_isDeleted_idx" ON "FriendLink"("tenantId", "isDeleted");

-- CreateIndex
CREATE INDEX "Article_tenantId_isDeleted_isTop_topTime_id_idx" ON "Article"("tenantId", "isDeleted", "isTop", "topTime", "id");

-- CreateIndex
CREATE INDEX "Article_tenantId_isDeleted_auditStatus_id_idx" ON "Article"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "Article_tenantId_isDeleted_creatorUserId_id_idx" ON "Article"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "Article_categoryId_idx" ON "Article"("categoryId");

-- CreateIndex
CREATE INDEX "Resource_tenantId_isDeleted_isUniversity_isTop_topTime_id_idx" ON "Resource"("tenantId", "isDeleted", "isUniversity", "isTop", "topTime", "id");

-- CreateIndex
CREATE INDEX "Resource_tenantId_isDeleted_auditStatus_id_idx" ON "Resource"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "Resource_tenantId_isDeleted_creatorUserId_id_idx" ON "Resource"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "Resource_categoryId_idx" ON "Resource"("categoryId");

-- CreateIndex
CREATE INDEX "LearningCourse_tenantId_isDeleted_isUniversity_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "isUniversity", "id");

-- CreateIndex
CREATE INDEX "LearningCourse_tenantId_isDeleted_auditStatus_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "LearningCourse_tenantId_isDeleted_creatorUserId_id_idx" ON "LearningCourse"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "LearningCourse_categoryId_idx" ON "LearningCourse"("categoryId");

-- CreateIndex
CREATE INDEX "LearningCourse_chapterTypeId_idx" ON "LearningCourse"("chapterTypeId");

-- CreateIndex
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_publishDate_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "publishDate");

-- CreateIndex
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_auditStatus_id_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "OneQuestionPerday_tenantId_isDeleted_creatorUserId_id_idx" ON "OneQuestionPerday"("tenantId", "isDeleted", "creatorUserId", "id");
