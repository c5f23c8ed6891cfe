// Build-time stand-in for @ethersproject/providers (see vite.config.ts).
export {};
