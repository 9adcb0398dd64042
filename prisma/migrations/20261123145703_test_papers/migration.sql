-- CreateTable
CREATE TABLE "TestPaper" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL DEFAULT 1,
    "assembly" INTEGER NOT NULL DEFAULT 1,
    "isUniversity" BOOLEAN NOT NULL DEFAULT false,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "categoryId" INTEGER NOT NULL,
    "examMinutes" INTEGER,
    "dueTime" DATETIME,
    "learningCourseId" INTEGER,
    "classNamesJson" TEXT,
    "params" TEXT,
    "totalQuestion" INTEGER NOT NULL DEFAULT 0,
    "totalFraction" REAL NOT NULL DEFAULT 0,
    "money" INTEGER NOT NULL DEFAULT 0,
    "isActive" BOOLEAN NOT NULL DEFAULT false,
    "isShow" BOOLEAN NOT NULL DEFAULT false,
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
CREATE TABLE "TestPaperSection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "paperId" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "score" REAL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateTable
CREATE TABLE "TestPaperQuestion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "paperId" INTEGER NOT NULL,
    "sectionId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "score" REAL NOT NULL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateIndex
CREATE INDEX "TestPaper_tenantId_isDeleted_kind_assembly_isUniversity_id_idx" ON "TestPaper"("tenantId", "isDeleted", "kind", "assembly", "isUniversity", "id");

-- CreateIndex
CREATE INDEX "TestPaper_tenantId_isDeleted_auditStatus_id_idx" ON "TestPaper"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "TestPaper_tenantId_categoryId_idx" ON "TestPaper"("tenantId", "categoryId");

-- CreateIndex
CREATE INDEX "TestPaperSection_paperId_sort_idx" ON "TestPaperSection"("paperId", "sort");

-- CreateIndex
CREATE INDEX "TestPaperSection_tenantId_idx" ON "TestPaperSection"("tenantId");

-- CreateIndex
CREATE INDEX "TestPaperQuestion_paperId_sort_idx" ON "TestPaperQuestion"("paperId", "sort");

-- CreateIndex
CREATE INDEX "TestPaperQuestion_questionId_idx" ON "TestPaperQuestion"("questionId");

-- CreateIndex
CREATE INDEX "TestPaperQuestion_tenantId_idx" ON "TestPaperQuestion"("tenantId");
