-- CreateTable
CREATE TABLE "Questionnaire" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "startTime" DATETIME,
    "endTime" DATETIME,
    "isAnonymous" BOOLEAN NOT NULL DEFAULT false,
    "audience" INTEGER NOT NULL DEFAULT 1,
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
CREATE TABLE "QuestionnaireQuestion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionnaireId" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT NOT NULL,
    "questionType" INTEGER NOT NULL,
    "isRequired" BOOLEAN NOT NULL DEFAULT true,
    "minSelections" INTEGER,
    "maxSelections" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateTable
CREATE TABLE "QuestionnaireOption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "content" TEXT NOT NULL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateTable
CREATE TABLE "QuestionnaireResponse" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionnaireId" INTEGER NOT NULL,
    "userId" INTEGER,
    "respondentKey" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER
);

-- CreateTable
CREATE TABLE "QuestionnaireAnswer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "questionnaireId" INTEGER NOT NULL,
    "responseId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "optionId" INTEGER,
    "text" TEXT
);

-- CreateIndex
CREATE INDEX "Questionnaire_tenantId_isDeleted_auditStatus_id_idx" ON "Questionnaire"("tenantId", "isDeleted", "auditStatus", "id");

-- CreateIndex
CREATE INDEX "Questionnaire_tenantId_isDeleted_creatorUserId_id_idx" ON "Questionnaire"("tenantId", "isDeleted", "creatorUserId", "id");

-- CreateIndex
CREATE INDEX "QuestionnaireQuestion_questionnaireId_sort_idx" ON "QuestionnaireQuestion"("questionnaireId", "sort");

-- CreateIndex
CREATE INDEX "QuestionnaireOption_questionId_sort_idx" ON "QuestionnaireOption"("questionId", "sort");

-- CreateIndex
CREATE INDEX "QuestionnaireResponse_questionnaireId_creationTime_idx" ON "QuestionnaireResponse"("questionnaireId", "creationTime");

-- CreateIndex
CREATE UNIQUE INDEX "QuestionnaireResponse_questionnaireId_userId_key" ON "QuestionnaireResponse"("questionnaireId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "QuestionnaireResponse_questionnaireId_respondentKey_key" ON "QuestionnaireResponse"("questionnaireId", "respondentKey");

-- CreateIndex
CREATE INDEX "QuestionnaireAnswer_questionnaireId_questionId_optionId_idx" ON "QuestionnaireAnswer"("questionnaireId", "questionId", "optionId");

-- CreateIndex
CREATE INDEX "QuestionnaireAnswer_responseId_idx" ON "QuestionnaireAnswer"("responseId");
