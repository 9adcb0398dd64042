-- DropIndex
DROP INDEX "LearningCourseLesson_tenantId_idx";

-- DropIndex
DROP INDEX "TestPaperQuestion_tenantId_idx";

-- DropIndex
DROP INDEX "TestPaperSection_tenantId_idx";

-- DropIndex
DROP INDEX "TestQuestionOption_tenantId_idx";
