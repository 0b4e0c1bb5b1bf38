import { z } from 'zod';
import { defineArea } from '../define.ts';
import { id, noContent, pageOf, paging, pathParams, stringList, audit } from '../schemas/common.ts';

export const role = z.enum(['ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER']);
export type Role = z.infer<typeof role>;

/** Current user (shell, section 3): id, name, role, parentId (the merchant service or TSP id). */
export const currentUser = z.object({
  id,
  digit9Id: z.string(),
  name: z.string(),
  email: z.string().nullable().optional(),
  role,
  parentId: z.string().nullable(),
  organisationType: z.enum(['MERCHANT', 'SERVICE_PROVIDER', 'INTERNAL']),
  status: z.enum(['ACTIVE', 'INACTIVE', 'LOCKED']),
  /** Shell, section 3: the user's settings; PROFILE_TIME_ZONE is the zone dates are shown in (null: the browser's). */
  settings: z.object({ PROFILE_TIME_ZONE: z.string().nullable() }).optional(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * Fields of /oauth/token: the password grant (username, password) or the refresh grant (RFC 6749,
 * section 6). `refresh_token_transport=cookie` asks for the refresh token in the HttpOnly cookie
 * `corridor_refresh` instead of the body; the refresh grant falls back to that cookie when the
 * `refresh_token` field is absent.
 */
const tokenFields = z.object({
  grant_type: z.enum(['password', 'refresh_token']),
  username: z.string().min(1, 'username is required').optional(),
  password: z.string().min(1, 'password is required').optional(),
  refresh_token: z.string().min(1, 'refresh_token must not be empty').optional(),
  refresh_token_transport: z.enum(['body', 'cookie']).optional(),
});
export const tokenRequest = tokenFields.superRefine((grant, ctx) => {
  if (grant.grant_type !== 'password') return;
  for (const field of ['username', 'password'] as const) {
    if (grant[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
  }
});
const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds the access token lives (900). */
  expires_in: z.number().int(),
  /** Absent when the refresh token travels in the `corridor_refresh` cookie. */
  refresh_token: z.string().optional(),
  /** Seconds the refresh token lives (30 days, renewed on each refresh). */
  refresh_expires_in: z.number().int(),
});
/** RFC 7009: the token to revoke (refresh or access); without it the `corridor_refresh` cookie is used. */
const revokeRequest = z.object({
  token: z.string().optional(),
  token_type_hint: z.string().optional(),
});

export const passwordChange = z.object({
  newPassword: z.string().min(1),
  oldPassword: z.string().min(1),
  userId: z.string().min(1),
});

/** A user as managed by an organisation's administrators. */
export const managedUser = currentUser.extend({
  phone: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  partnerType: z.enum(['MERCHANT', 'SERVICE_PROVIDER']).nullable().optional(),
  partnerId: z.string().nullable().optional(),
  lastLoginAt: z.string().nullable().optional(),
  ...audit,
});
export type ManagedUser = z.infer<typeof managedUser>;

const digit9Id = z.string().regex(/^\d{9}$/, 'digit9Id must be 9 digits');
const userStatus = z.enum(['ACTIVE', 'INACTIVE', 'LOCKED']);

/** Body of a user creation; the organisation comes from the caller unless an admin names it. */
export const userCreate = z.object({
  digit9Id,
  name: z.string().min(1, 'name is required'),
  email: z.email().optional(),
  phone: z.string().optional(),
  country: z.string().min(2).max(3).optional(),
  role: role.optional(),
  parentId: z.string().optional(),
  password: z.string().min(8, 'password must have at least 8 characters'),
});
export const userUpdate = z.object({
  name: z.string().min(1).optional(),
  email: z.email().nullable().optional(),
  phone: z.string().nullable().optional(),
  country: z.string().min(2).max(3).nullable().optional(),
  status: userStatus.optional(),
});
/** Admin reset of a password (no old password). */
export const passwordReset = z.object({
  userId: z.string().min(1),
  newPassword: z.string().min(8, 'newPassword must have at least 8 characters'),
});

/** Forgot password: the ID whose owner asks for a reset link (the answer is the same whether it exists or not). */
const passwordForgot = z.object({ digit9Id: z.string().min(1, 'digit9Id is required').max(64) });
/** A reset link's token with the new password (the password policy applies). */
const passwordResetByLink = z.object({
  token: z.string().min(1, 'token is required').max(200),
  newPassword: z.string().min(1, 'newPassword is required'),
});
/** The signed-in user's own settings (shell, section 3). */
const settingsUpdate = z.object({
  PROFILE_TIME_ZONE: z.string().max(64).nullable(),
});

/** Merchant user filter (part A, section 3). */
export const userFilter = z.object({
  query: z.string().optional(),
  country: z.string().optional(),
  statuses: stringList,
  partnerType: z.string().optional(),
  partnerId: z.string().optional(),
  role: z.string().optional(),
  ...paging,
});

const userPath = pathParams('id');

export const users = defineArea('users', {
  tokenGet: {
    method: 'GET',
    path: '/oauth/token',
    root: 'auth',
    summary: 'Password or refresh grant with the parameters in the query (client id and secret as Basic).',
    query: tokenRequest,
    response: tokenResponse,
  },
  tokenPost: {
    method: 'POST',
    path: '/oauth/token',
    root: 'auth',
    summary: 'Password or refresh grant with the parameters in the query or a form body (client id and secret as Basic).',
    query: tokenFields.partial(),
    body: tokenFields.partial().optional(),
    bodyType: 'form',
    response: tokenResponse,
  },
  /** Our addition to the spec's catalogue: sign-out on the server (RFC 7009). */
  revoke: {
    method: 'POST',
    path: '/oauth/revoke',
    root: 'auth',
    summary: 'Revokes the whole session of a refresh or access token (RFC 7009; client id and secret as Basic). Answers 200 even for an unknown token.',
    body: revokeRequest.optional(),
    bodyType: 'form',
    response: z.object({}),
  },
  me: {
    method: 'GET',
    path: '/users/me',
    root: 'auth',
    summary: 'The signed-in user.',
    response: currentUser,
  },
  /** Our addition to the spec's catalogue: the shell's user settings (PROFILE_TIME_ZONE). */
  settingsUpdate: {
    method: 'PUT',
    path: '/users/me/settings',
    root: 'auth',
    summary: "Changes the signed-in user's settings: PROFILE_TIME_ZONE, an IANA time zone, or null for the browser's own.",
    body: settingsUpdate,
    response: currentUser,
  },
  /** Our addition to the spec's catalogue: the login page's forgot password (shell, section 4). */
  passwordForgot: {
    method: 'POST',
    path: '/oauth/password-reset',
    root: 'auth',
    status: 202,
    summary:
      'Sends a single-use reset link (30 minutes) to the owner of the ID. Answers 202 in the same time whether the ID exists or not (client id and secret as Basic).',
    body: passwordForgot,
    response: z.object({}),
  },
  /** Our addition to the spec's catalogue: setting a new password with a reset link. */
  passwordResetByLink: {
    method: 'POST',
    path: '/oauth/password-reset/complete',
    root: 'auth',
    status: 204,
    summary:
      "Sets a new password with a reset link's token (once; 403 LINK_EXPIRED naming token when used, expired or unknown); signs the user out everywhere.",
    body: passwordResetByLink,
    response: noContent,
  },
  profiles: {
    method: 'GET',
    path: '/users/profiles',
    root: 'auth',
    summary: 'Public profiles (id, name) of the given users within the caller organisation.',
    query: z.object({ userIds: stringList, ...paging }),
    response: pageOf(z.object({ id, name: z.string(), role })),
  },
  spList: {
    method: 'GET',
    path: '/s/api/v1/user',
    root: 'auth',
    summary: "Users of the caller's service provider.",
    query: userFilter,
    response: pageOf(managedUser),
  },
  spCreate: {
    method: 'POST',
    path: '/s/api/v1/user',
    root: 'auth',
    creates: true,
    status: 201,
    summary: "Creates a user in the caller's service provider.",
    body: userCreate,
    response: managedUser,
  },
  spGet: {
    method: 'GET',
    path: '/s/api/v1/user/{id}',
    root: 'auth',
    summary: 'One user of the service provider.',
    pathParams: userPath,
    response: managedUser,
  },
  spUpdate: {
    method: 'PUT',
    path: '/s/api/v1/user/{id}',
    root: 'auth',
    summary: 'Updates a user of the service provider.',
    pathParams: userPath,
    body: userUpdate,
    response: managedUser,
  },
  spDelete: {
    method: 'DELETE',
    path: '/s/api/v1/user/{id}',
    root: 'auth',
    status: 204,
    summary: 'Deletes a user of the service provider.',
    pathParams: userPath,
    response: noContent,
  },
  spPasswordChange: {
    method: 'PUT',
    path: '/s/api/v1/user/password',
    root: 'auth',
    status: 204,
    summary: 'A service-provider user changes their password.',
    body: passwordChange,
    response: noContent,
  },
  spMerchantUserGet: {
    method: 'GET',
    path: '/s/api/v1/merchant/users/{id}',
    root: 'auth',
    summary: "A user of one of the service provider's merchants.",
    pathParams: userPath,
    response: managedUser,
  },
  merchantSpUserGet: {
    method: 'GET',
    path: '/m/api/v1/sp/users/{id}',
    root: 'auth',
    summary: "A user of one of the merchant's service providers.",
    pathParams: userPath,
    response: managedUser,
  },
  merchantList: {
    method: 'GET',
    path: '/m/api/v1/user',
    root: 'auth',
    summary: "Users of the caller's merchant.",
    query: userFilter,
    response: pageOf(managedUser),
  },
  merchantCreate: {
    method: 'POST',
    path: '/m/api/v1/user',
    root: 'auth',
    creates: true,
    status: 201,
    summary: "Creates a user in the caller's merchant.",
    body: userCreate,
    response: managedUser,
  },
  merchantGet: {
    method: 'GET',
    path: '/m/api/v1/user/{id}',
    root: 'auth',
    summary: 'One user of the merchant.',
    pathParams: userPath,
    response: managedUser,
  },
  merchantUpdate: {
    method: 'PUT',
    path: '/m/api/v1/user/{id}',
    root: 'auth',
    summary: 'Updates a user of the merchant.',
    pathParams: userPath,
    body: userUpdate,
    response: managedUser,
  },
  merchantDelete: {
    method: 'DELETE',
    path: '/m/api/v1/user/{id}',
    root: 'auth',
    status: 204,
    summary: 'Deletes a user of the merchant.',
    pathParams: userPath,
    response: noContent,
  },
  merchantPasswordChange: {
    method: 'PUT',
    path: '/m/api/v1/user/password',
    root: 'auth',
    status: 204,
    summary: 'A merchant user changes their password.',
    body: passwordChange,
    response: noContent,
  },
  internalCreate: {
    method: 'POST',
    path: '/v1/internal/users',
    root: 'auth',
    creates: true,
    status: 201,
    summary: 'Creates a user in any organisation (role and parentId required for non-admins).',
    body: userCreate.extend({ role }),
    response: managedUser,
  },
  internalPasswordReset: {
    method: 'PUT',
    path: '/v1/internal/users/password',
    root: 'auth',
    status: 204,
    summary: "Sets a user's password and unlocks the account.",
    body: passwordReset,
    response: noContent,
  },
});
