// Static Bloom newsletter form: validation with an error summary, messages tied to their fields,
// and a status message when the sign-up succeeds.
// - On submit, every field is checked. With errors, the summary lists them as links to their fields
//   and takes the focus (so a screen reader reads it at once); each field shows its own message,
//   named by aria-describedby, and is marked aria-invalid.
// - After a first failed submit, a field is checked again as the visitor types, so its message goes
//   away as soon as it's fixed; the summary stays until the next submit.
// - On success, the fields are cleared and the status message (role="status") says so.

const form = document.querySelector('.newsletter__form')
const summary = document.getElementById('error-summary')
const summaryList = summary.querySelector('.error-summary__list')
const statusMessage = document.getElementById('newsletter-status')

// Deliberately simple: something, an @, something, a dot, something. The confirmation email checks the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const rules = {
  'first-name': (value) => (value === '' ? 'Enter your first name, so we know what to call you' : ''),
  email: (value) => {
    if (value === '') return 'Enter your email address'
    if (!EMAIL.test(value)) return 'Enter an email address in the right format, like name@example.com'
    return ''
  },
}

let submitted = false

function check(input) {
  const message = rules[input.id](input.value.trim())
  const error = document.getElementById(`${input.id}-error`)
  error.hidden = message === ''
  // "Error:" is for screen readers, which read the message as the field's description; the colour says it on screen.
  const prefix = document.createElement('span')
  prefix.className = 'visually-hidden'
  prefix.textContent = 'Error: '
  if (message) error.replaceChildren(prefix, message)
  else error.replaceChildren()
  if (message) input.setAttribute('aria-invalid', 'true')
  else input.removeAttribute('aria-invalid')
  input.closest('.field').classList.toggle('field--invalid', message !== '')
  return message
}

function showSummary(errors) {
  summaryList.replaceChildren(
    ...errors.map(({ input, message }) => {
      const item = document.createElement('li')
      const link = document.createElement('a')
      link.href = `#${input.id}`
      link.textContent = message
      item.append(link)
      return item
    }),
  )
  summary.hidden = errors.length === 0
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  submitted = true
  statusMessage.textContent = ''
  const inputs = [...form.querySelectorAll('.field__input')]
  const errors = inputs.map((input) => ({ input, message: check(input) })).filter((e) => e.message)
  showSummary(errors)
  if (errors.length > 0) {
    summary.focus()
    return
  }
  // A real site would send the form here; this one only says thank you.
  const name = form.elements['first-name'].value.trim()
  statusMessage.textContent = `Thanks, ${name}! Check your inbox: we’ve sent a link to confirm your address.`
  form.reset()
  submitted = false
})

form.addEventListener('input', (event) => {
  if (submitted && event.target.matches('.field__input')) check(event.target)
})

// A link in the summary moves the focus to its field (not only the scroll position).
summaryList.addEventListener('click', (event) => {
  const link = event.target.closest('a')
  if (!link) return
  event.preventDefault()
  document.getElementById(link.hash.slice(1)).focus()
})
