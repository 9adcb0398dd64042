-- CreateTable
CREATE TABLE "LearningCourseLesson" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "courseId" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT NOT NULL,
    "videoUrl" TEXT,
    "durationMinutes" INTEGER NOT NULL DEFAULT 0,
    "isFree" BOOLEAN NOT NULL DEFAULT false,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateIndex
CREATE INDEX "LearningCourseLesson_courseId_sort_idx" ON "LearningCourseLesson"("courseId", "sort");

-- CreateIndex
CREATE INDEX "LearningCourseLesson_tenantId_idx" ON "LearningCourseLesson"("tenantId");
