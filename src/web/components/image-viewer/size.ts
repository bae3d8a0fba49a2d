/** An image's natural size as the viewers show it, e.g. `1440 × 3120 px` (… while the height is unknown). */
export function pixelSize(width: number, height: number | null): string {
  return `${width} × ${height ?? '…'} px`
}
