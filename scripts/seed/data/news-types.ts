/** Shape of a demo news article before it becomes a `news` row. */
export interface SeedArticle {
  /** Stable key used by the seeder to decide status and date. */
  key: string;
  title: string;
  summary: string;
  authorName: string;
  /** Joined with a blank line into `news.content`. */
  paragraphs: string[];
}
