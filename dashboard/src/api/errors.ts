// How a page tells the server's refusals apart: the membership-limit and login-needed codes (spec §7), and the
// Chinese message of any failed call.
import { ApiError } from './client';

export const isLevelLimit = (error: unknown) =>
  error instanceof ApiError && (error.code === 40002 || error.code === 4002);
export const isLoginNeeded = (error: unknown) =>
  error instanceof ApiError && (error.code === 40001 || error.code === 401);

/** The Chinese message of a failed call. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : '请求失败');
