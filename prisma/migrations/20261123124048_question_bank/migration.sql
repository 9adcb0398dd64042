-- CreateTable
CREATE TABLE "TestQuestion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionType" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "stem" TEXT NOT NULL,
    "analysis" TEXT,
    "difficulty" INTEGER NOT NULL DEFAULT 2,
    "score" REAL NOT NULL DEFAULT 2,
    "categoryId" INTEGER NOT NULL,
    "chapterTypeId" INTEGER,
    "isUniversity" BOOLEAN NOT NULL DEFAULT false,
    "isShow" BOOLEAN NOT NULL DEFAULT true,
    "trueFalseAnswer" BOOLEAN,
    "blanksJson" TEXT,
    "referenceAnswer" TEXT,
    "subQuestionsJson" TEXT,
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
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "TestQuestionOption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "content" TEXT NOT NULL,
    "isCorrect" BOOLEAN NOT NULL DEFAULT false,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateIndex
CREATE INDEX "TestQuestion_tenantId_isDeleted_isUniversity_id_idx" ON "TestQuestion"("tenantId", "isDeleted", "isUniversity", "id");

-- CreateIndex
CREATE INDEX "TestQuestion_tenantId_isDeleted_auditStatus_id_idx" ON "TestQuestion"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "TestQuestion_tenantId_isDeleted_creatorUserId_id_idx" ON "TestQuestion"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "TestQuestion_tenantId_categoryId_creationTime_idx" ON "TestQuestion"("tenantId", "categoryId", "creationTime");

-- CreateIndex
CREATE INDEX "TestQuestion_tenantId_fingerprint_idx" ON "TestQuestion"("tenantId", "fingerprint");

-- CreateIndex
CREATE INDEX "TestQuestion_sisterGroupId_idx" ON "TestQuestion"("sisterGroupId");

-- CreateIndex
CREATE INDEX "TestQuestion_chapterTypeId_idx" ON "TestQuestion"("chapterTypeId");

-- CreateIndex
CREATE INDEX "TestQuestionOption_questionId_sort_idx" ON "TestQuestionOption"("questionId", "sort");

-- CreateIndex
CREATE INDEX "TestQuestionOption_tenantId_idx" ON "TestQuestionOption"("tenantId");
