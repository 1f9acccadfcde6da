import { type CreatedId, type RegisterBody, userRoutes } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '@/lib/call-route';

/** POST /users: creates the account and sends the validation e-mail. 400 with `errors.email` when the address is taken. */
export const register = (body: RegisterBody): Promise<z.infer<typeof CreatedId>> => callRoute(userRoutes.register, { body });

export const useRegister = () => useMutation({ mutationFn: register });
