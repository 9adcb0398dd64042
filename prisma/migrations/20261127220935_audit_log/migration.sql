-- CreateTable
CREATE TABLE "AuditLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "userId" INTEGER,
    "impersonatorUserId" INTEGER,
    "impersonatorTenantId" INTEGER,
    "serviceName" TEXT NOT NULL,
    "methodName" TEXT NOT NULL,
    "parameters" TEXT,
    "returnValue" TEXT,
    "executionTime" DATETIME NOT NULL,
    "executionDuration" INTEGER NOT NULL,
    "clientIpAddress" TEXT,
    "clientName" TEXT,
    "browserInfo" TEXT,
    "exception" TEXT,
    "customData" TEXT
);

-- CreateIndex
CREATE INDEX "AuditLog_tenantId_executionTime_idx" ON "AuditLog"("tenantId", "executionTime");

-- CreateIndex
CREATE INDEX "AuditLog_executionTime_idx" ON "AuditLog"("executionTime");
