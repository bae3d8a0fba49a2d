/**
 * A classroom's roster as CSV (docs/product.md §13): a GitHub login, a name and an optional
 * student id per row, with or without a header row (`login,name,student id`, any letter case). Parsed
 * with csv-parse, so quoting follows RFC 4180; a roster with a broken quote, an unknown column, a bad
 * login or more than ROSTER_MAX_ROWS rows is refused whole, with a sentence that says where.
 */
import { CsvError, parse } from 'csv-parse/sync'
import { HttpError } from '#server/http/errors.ts'
import { GITHUB_LOGIN_PATTERN } from '#server/http/params.ts'
import { ROSTER_MAX_ROWS, ROSTER_NAME_MAX, STUDENT_ID_MAX } from '#shared/classroom.ts'

export type RosterRow = { login: string; name: string | null; studentId: string | null }

const refuse = (message: string) => new HttpError(400, 'bad_request', message)

const HEADER_NAMES: Record<string, keyof RosterRow> = {
  login: 'login',
  'github login': 'login',
  github: 'login',
  username: 'login',
  name: 'name',
  'student id': 'studentId',
  student_id: 'studentId',
  studentid: 'studentId',
  id: 'studentId',
}

const CONTROL = /\p{Cc}/u

export function parseRoster(text: string): RosterRow[] {
  let records: string[][]
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      max_record_size: 1000,
    }) as string[][]
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines
      throw refuse(
        `The roster is not valid CSV${line ? ` (line ${line})` : ''}: ${
          error.code === 'CSV_QUOTE_NOT_CLOSED'
            ? 'a quoted field is never closed.'
            : error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'INVALID_OPENING_QUOTE'
              ? 'a quote is out of place; put a field with quotes or commas inside double quotes, and double the quotes in it.'
              : error.code === 'CSV_MAX_RECORD_SIZE'
                ? 'a row is too long.'
                : 'check its quotes and commas.'
        }`,
      )
    }
    throw error
  }
  let columns: (keyof RosterRow)[] = ['login', 'name', 'studentId']
  let headerRows = 0
  const first = records[0]
  if (first?.some((cell) => HEADER_NAMES[cell.toLowerCase()] !== undefined)) {
    columns = first.map((cell, index) => {
      const column = HEADER_NAMES[cell.toLowerCase()]
      if (!column)
        throw refuse(
          `The roster’s column ${index + 1} is not one it can hold: the columns are login, name and student id.`,
        )
      return column
    })
    if (!columns.includes('login')) throw refuse('The roster’s header has no login column.')
    if (new Set(columns).size !== columns.length) throw refuse('The roster’s header names a column twice.')
    records = records.slice(1)
    headerRows = 1
  }
  if (records.length === 0) throw refuse('The roster is empty: write one GitHub login per row.')
  if (records.length > ROSTER_MAX_ROWS)
    throw refuse(
      `The roster has ${records.length.toLocaleString('en')} rows; a roster holds at most ${ROSTER_MAX_ROWS.toLocaleString('en')}. Split it and upload each part.`,
    )
  const seen = new Set<string>()
  return records.map((record, index) => {
    const line = index + 1 + headerRows
    if (record.length > columns.length)
      throw refuse(
        `Row ${line} of the roster has ${record.length} columns; a row has at most ${columns.length}: login, name, student id.`,
      )
    const row: RosterRow = { login: '', name: null, studentId: null }
    columns.forEach((column, i) => {
      const value = record[i]?.trim() ?? ''
      if (column === 'login') row.login = value
      else row[column] = value === '' ? null : value
    })
    if (!GITHUB_LOGIN_PATTERN.test(row.login))
      throw refuse(
        `Row ${line} of the roster: ${JSON.stringify(row.login.slice(0, 60))} is not a GitHub login (letters, digits and single hyphens, at most 39).`,
      )
    if (row.name !== null && (row.name.length > ROSTER_NAME_MAX || CONTROL.test(row.name)))
      throw refuse(
        `Row ${line} of the roster: the name must be at most ${ROSTER_NAME_MAX} characters, without control characters.`,
      )
    if (row.studentId !== null && (row.studentId.length > STUDENT_ID_MAX || CONTROL.test(row.studentId)))
      throw refuse(
        `Row ${line} of the roster: the student id must be at most ${STUDENT_ID_MAX} characters, without control characters.`,
      )
    const key = row.login.toLowerCase()
    if (seen.has(key)) throw refuse(`Row ${line} of the roster repeats the login ${row.login}.`)
    seen.add(key)
    return { ...row, login: key }
  })
}
