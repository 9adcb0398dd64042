-- CreateTable
CREATE TABLE "EntityChangeSet" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "userId" INTEGER,
    "impersonatorUserId" INTEGER,
    "impersonatorTenantId" INTEGER,
    "creationTime" DATETIME NOT NULL,
    "reason" TEXT
);

-- CreateTable
CREATE TABLE "EntityChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "changeSetId" INTEGER NOT NULL,
    "changeTime" DATETIME NOT NULL,
    "changeType" INTEGER NOT NULL,
    "entityId" TEXT NOT NULL,
    "entityTypeFullName" TEXT NOT NULL,
    CONSTRAINT "EntityChange_changeSetId_fkey" FOREIGN KEY ("changeSetId") REFERENCES "EntityChangeSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EntityPropertyChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "entityChangeId" INTEGER NOT NULL,
    "propertyName" TEXT NOT NULL,
    "propertyTypeFullName" TEXT NOT NULL,
    "originalValue" TEXT,
    "newValue" TEXT,
    CONSTRAINT "EntityPropertyChange_entityChangeId_fkey" FOREIGN KEY ("entityChangeId") REFERENCES "EntityChange" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "EntityChangeSet_tenantId_creationTime_idx" ON "EntityChangeSet"("tenantId", "creationTime");

-- CreateIndex
CREATE INDEX "EntityChange_tenantId_entityTypeFullName_entityId_idx" ON "EntityChange"("tenantId", "entityTypeFullName", "entityId");

-- CreateIndex
CREATE INDEX "EntityChange_tenantId_changeTime_idx" ON "EntityChange"("tenantId", "changeTime");

-- CreateIndex
CREATE INDEX "EntityChange_changeSetId_idx" ON "EntityChange"("changeSetId");

-- CreateIndex
CREATE INDEX "EntityPropertyChange_entityChangeId_idx" ON "EntityPropertyChange"("entityChangeId");
