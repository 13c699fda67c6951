/** Bidirectional controls typed into free-text fields are stripped on input, end to end (stored values). */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { news, students } from "../../db/schema";
import { testDb, uniqueStudentNo } from "./fixtures";
import { api, loginAdmin } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

describe("free text with bidirectional controls", () => {
  it("stores a student's name and a news item without U+202E, U+2066-U+2069 (marks kept only in prose)", async () => {
    const no = uniqueStudentNo();
    const res = await api("/api/students", {
      method: "POST",
      token,
      body: {
        student_no: no,
        full_name: "\u202eدمحأ\u202c علي\u200f",
        nationality: "Egyptian",
        current_grade: "Prep-1",
        building_no: 1,
      },
    });
    expect(res.status).toBe(201);
    const [row] = await testDb().select().from(students).where(eq(students.studentNo, no));
    expect(row!.fullName).toBe("دمحأ علي");
    const item = await api("/api/admin/news", {
      method: "POST",
      token,
      body: { title: "\u2066Exam\u2069 day", content: "C++\u200f \u202eفي المدرسة", status: "draft" },
    });
    expect(item.status).toBe(201);
    const [stored] = await testDb().select().from(news).where(eq(news.id, item.json.news.id));
    expect([stored!.title, stored!.content]).toEqual(["Exam day", "C++\u200f في المدرسة"]);
  });
});
