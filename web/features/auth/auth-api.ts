import { LoginResponse, RegisterResponse } from '../../../common/schemas/user.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const login = (email: string, password: string) =>
  apiRequest('/api/user/login', { method: 'POST', auth: false, body: { email, password }, schema: LoginResponse });

export const register = (input: { name: string; email: string; password: string; password_confirmation: string }) =>
  apiRequest('/api/user/register', { method: 'POST', auth: false, body: input, schema: RegisterResponse });
