-- CreateTable
CREATE TABLE "Tenant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenancyName" TEXT NOT NULL,
    "name" TEXT NOT NULL,
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
CREATE TABLE "User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "userName" TEXT NOT NULL,
    "normalizedUserName" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "surname" TEXT NOT NULL,
    "emailAddress" TEXT NOT NULL,
    "normalizedEmailAddress" TEXT NOT NULL,
    "phoneNumber" TEXT,
    "passwordHash" TEXT NOT NULL,
    "securityStamp" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "identity" INTEGER NOT NULL DEFAULT 1,
    "parentId" INTEGER,
    "lastLoginTime" DATETIME,
    "accessFailedCount" INTEGER NOT NULL DEFAULT 0,
    "isLockoutEnabled" BOOLEAN NOT NULL DEFAULT true,
    "lockoutEndDate" DATETIME,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME,
    CONSTRAINT "User_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Role" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "normalizedName" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "description" TEXT,
    "isStatic" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER,
    "isDeleted" BOOLEAN NOT NULL DEFAULT false,
    "deleterUserId" INTEGER,
    "deletionTime" DATETIME
);

-- CreateTable
CREATE TABLE "UserRole" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "userId" INTEGER NOT NULL,
    "roleId" INTEGER NOT NULL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    CONSTRAINT "UserRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserRole_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PermissionGrant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "isGranted" BOOLEAN NOT NULL DEFAULT true,
    "roleId" INTEGER,
    "userId" INTEGER,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER
);

-- CreateTable
CREATE TABLE "Setting" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "userId" INTEGER,
    "name" TEXT NOT NULL,
    "value" TEXT,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorUserId" INTEGER,
    "lastModificationTime" DATETIME,
    "lastModifierUserId" INTEGER
);

-- CreateTable
CREATE TABLE "ApplicationLanguage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "name" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "icon" TEXT,
    "isDisabled" BOOLEAN NOT NULL DEFAULT false,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "UserLoginAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER,
    "tenancyName" TEXT,
    "userId" INTEGER,
    "userNameOrEmailAddress" TEXT NOT NULL,
    "clientIpAddress" TEXT,
    "browserInfo" TEXT,
    "result" INTEGER NOT NULL,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RevokedToken" (
    "jti" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "UserNotification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenantId" INTEGER,
    "userId" INTEGER NOT NULL,
    "notificationName" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "entityTypeName" TEXT,
    "entityId" TEXT,
    "severity" INTEGER NOT NULL DEFAULT 0,
    "state" INTEGER NOT NULL DEFAULT 0,
    "creationTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Tenant_tenancyName_idx" ON "Tenant"("tenancyName");

-- CreateIndex
CREATE INDEX "User_tenantId_isDeleted_id_idx" ON "User"("tenantId", "isDeleted", "id");

-- CreateIndex
CREATE INDEX "User_tenantId_normalizedUserName_idx" ON "User"("tenantId", "normalizedUserName");

-- CreateIndex
CREATE INDEX "User_tenantId_normalizedEmailAddress_idx" ON "User"("tenantId", "normalizedEmailAddress");

-- CreateIndex
CREATE INDEX "User_parentId_idx" ON "User"("parentId");

-- CreateIndex
CREATE INDEX "Role_tenantId_normalizedName_idx" ON "Role"("tenantId", "normalizedName");

-- CreateIndex
CREATE INDEX "UserRole_roleId_idx" ON "UserRole"("roleId");

-- CreateIndex
CREATE UNIQUE INDEX "UserRole_userId_roleId_key" ON "UserRole"("userId", "roleId");

-- CreateIndex
CREATE INDEX "PermissionGrant_roleId_idx" ON "PermissionGrant"("roleId");

-- CreateIndex
CREATE INDEX "PermissionGrant_userId_idx" ON "PermissionGrant"("userId");

-- CreateIndex
CREATE INDEX "Setting_tenantId_userId_name_idx" ON "Setting"("tenantId", "userId", "name");

-- CreateIndex
CREATE INDEX "UserLoginAttempt_tenantId_creationTime_idx" ON "UserLoginAttempt"("tenantId", "creationTime");

-- CreateIndex
CREATE INDEX "UserNotification_userId_state_creationTime_idx" ON "UserNotification"("userId", "state", "creationTime");
