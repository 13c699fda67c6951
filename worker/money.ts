/** Money conversions. The API speaks EGP numbers with ≤ 2 decimals; the database stores integer piastres. */
export const piastresToEgp = (p: number): number => Math.round(p) / 100;
export const egpToPiastres = (egp: number): number => Math.round(egp * 100);
