-- CreateTable
CREATE TABLE "StoredFile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "token" TEXT NOT NULL,
    "tenantId" INTEGER,
    "userId" INTEGER,
    "kind" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,
    "expiresAt" DATETIME,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "BackgroundJob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 0,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "result" TEXT,
    "error" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startTime" DATETIME,
    "endTime" DATETIME,
    "lastModificationTime" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "StoredFile_token_key" ON "StoredFile"("token");

-- CreateIndex
CREATE INDEX "StoredFile_kind_expiresAt_idx" ON "StoredFile"("kind", "expiresAt");

-- CreateIndex
CREATE INDEX "BackgroundJob_userId_creationTime_idx" ON "BackgroundJob"("userId", "creationTime");

-- CreateIndex
CREATE INDEX "BackgroundJob_state_idx" ON "BackgroundJob"("state");
