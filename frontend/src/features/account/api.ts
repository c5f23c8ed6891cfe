import type { Token } from "@/config/tokens";
import { apiRequest } from "@/lib/api-client";

/** docs/product.md §3 'User', as the server answers it (server/README.md). */
export interface User {
  id: number;
  walletAddress: string;
  username: string;
  createdAt: string;
}

/** docs/product.md §3 'Balances': token symbol → decimal string. */
export type Balances = Record<Token, string>;

/** docs/product.md §7's session calls. */
export const fetchUser = (id: number) => apiRequest<User>("GET", `/api/user/${id}`);
export const fetchBalances = (id: number) => apiRequest<Balances>("GET", `/api/user/${id}/balances`);
export const registerUser = (walletAddress: string, username: string) => apiRequest<User>("POST", "/api/user/register", { walletAddress, username });
