import { z } from 'zod';
import { defineArea } from '../define.ts';
import { id, pageOf, paging, stringList } from '../schemas/common.ts';

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
});
export type CurrentUser = z.infer<typeof currentUser>;

export const tokenRequest = z.object({
  grant_type: z.literal('password'),
  username: z.string().min(1, 'username is required'),
  password: z.string().min(1, 'password is required'),
});
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const passwordChange = z.object({
  newPassword: z.string().min(1),
  oldPassword: z.string().min(1),
  userId: z.string().min(1),
});

export const users = defineArea('users', {
  tokenGet: {
    method: 'GET',
    path: '/oauth/token',
    root: 'auth',
    summary: 'Password grant with the parameters in the query (client id and secret as Basic).',
    query: tokenRequest,
    response: tokenResponse,
  },
  tokenPost: {
    method: 'POST',
    path: '/oauth/token',
    root: 'auth',
    summary: 'Password grant with the parameters in the query or a form body (client id and secret as Basic).',
    query: tokenRequest.partial(),
    body: tokenRequest.partial().optional(),
    bodyType: 'form',
    response: tokenResponse,
  },
  me: {
    method: 'GET',
    path: '/users/me',
    root: 'auth',
    summary: 'The signed-in user.',
    response: currentUser,
  },
  profiles: {
    method: 'GET',
    path: '/users/profiles',
    root: 'auth',
    summary: 'Public profiles (id, name) of the given users within the caller organisation.',
    query: z.object({ userIds: stringList, ...paging }),
    response: pageOf(z.object({ id, name: z.string(), role })),
  },
});
