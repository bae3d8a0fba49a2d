import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, runMigrations } from '#server/db/migrate.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, rowsOf, TEST_DATABASES } from '#tests/support/databases.ts'

type Journal = { entries: { idx: number; tag: string }[] }
const JOURNAL = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal

/** The committed migrations before `tag` only, as a database made then saw them. */
async function migrationsBefore(tag: string): Promise<string> {
  const index = JOURNAL.entries.findIndex((entry) => entry.tag === tag)
  if (index < 0) throw new Error(`no migration ${tag}`)
  const entries = JOURNAL.entries.slice(0, index)
  const dir = await temporaryDir('dojo-migrations-')
  mkdirSync(join(dir, 'meta'))
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...JOURNAL, entries }))
  for (const entry of entries) {
    copyFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`))
    const snapshot = `${String(entry.idx).padStart(4, '0')}_snapshot.json`
    if (existsSync(join(MIGRATIONS_DIR, 'meta', snapshot)))
      copyFileSync(join(MIGRATIONS_DIR, 'meta', snapshot), join(dir, 'meta', snapshot))
  }
  return dir
}

/** drizzle/0011_solutions.sql on a database made before it (docs/product.md "Solutions"). */
describe.each(TEST_DATABASES)('the migration that makes solutions, on %s', (kind) => {
  it('gives every existing member × challenge row a public id of its own, no write-up, not hidden', async () => {
    const database = await createTestDatabase(kind, { migrate: false })
    try {
      await runMigrations(database, await migrationsBefore('0011_solutions'))
      await database.db.execute(sql`
        insert into users (github_id, username) values (1, 'ada'), (2, 'bob');
      `)
      await database.db.execute(sql`
        insert into challenges (slug, title, description, category, difficulty, published_on, template_img,
          tablet_img, mobile_img, template_thumb, tablet_thumb, mobile_thumb, zip_file, zip_size, zip_entries,
          content_hash)
        values ('One', 'One', 'd', 'navbar', 'easy', '2026-10-01', 'a', 'a', 'a', 'a', 'a', 'a', 'z', 1, '[]', 'h');
      `)
      await database.db.execute(sql`
        insert into user_challenges (user_id, challenge_id, status)
        select u.id, c.id, 'completed' from users u cross join challenges c;
      `)
      await runMigrations(database)
      const rows = rowsOf<{ public_id: string; write_up: string | null; hidden: boolean }>(
        await database.db.execute(sql`select public_id, write_up, hidden from user_challenges`),
      )
      expect(rows).toHaveLength(2)
      for (const row of rows) {
        expect(row.public_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        expect(row).toMatchObject({ write_up: null, hidden: false })
      }
      expect(rows[0]?.public_id).not.toBe(rows[1]?.public_id)
      // A write-up longer than the limit is refused by the database too.
      await expect(
        database.db.execute(sql`update user_challenges set write_up = ${'x'.repeat(5001)}`),
      ).rejects.toThrow()
    } finally {
      await database.drop()
    }
  })
})
