// The page FLOOR_PAGE names (vite.config.ts points this alias at one of ./pages).
declare module '@floor-page' {
  export function FloorPage(): import('react').ReactNode;
}
