// The admin users calls' answers (platform-api modules/admin-users).
import type { Role } from '@headwater/plugin-sdk';
import type { LocationData } from '@headwater/plugin-sdk';

export type AdminUserRow = {
  id: number;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  affiliation: string;
  organizationCategory: string;
  country: string;
  state: string | null;
  roles: string;
  tier: string;
  tierExpiration: string | null;
  isLockedOut: boolean;
  lockoutEndDate: string | null;
  lastLoginDate: string | null;
  registrationDate: string;
};

export type AdminUser = {
  id: number;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  affiliation: string;
  organizationCategory: string;
  reasonForUse: string;
  country: string;
  state: string | null;
  units: number;
  tierID: number | null;
  tierExpiration: string | null;
  roles: Role[];
  emailConfirmed: boolean;
  isLockedOut: boolean;
  lockoutEndDate: string | null;
  lastLoginDate: string | null;
  registrationDate: string;
};

export type AuditEntry = { id: number; date: string; actor: string; action: string; details: string };

export type StatisticsChart = { title: string; categories: string[]; series: { name: string; data: number[] }[] };

export type AdminUserDetail = {
  user: AdminUser;
  isPending: boolean;
  hasApiAccess: boolean;
  isAdminAccount: boolean;
  canManage: boolean;
  canGrantAdmin: boolean;
  numProjects: number;
  statistics: StatisticsChart;
  tiers: { value: number; text: string; isDefault: boolean }[];
  location: LocationData;
  auditLog: AuditEntry[];
};

export type AccessCode = { id: number; kind: string; createdDate: string; expiryDate: string };

export type AdminProjectRow = { id: number; name: string; lastModifiedDate: string; dataset: string; endingSubbasin: string; numSubbasins: number; numHrus: number; totalArea: number; numScenarios: number };
