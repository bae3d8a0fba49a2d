// Limonaia: the photo carousel and the booking form.

// ---------- Carousel ----------
// One slide is shown at a time; the others get the hidden attribute. The slides'
// container is a polite live region, so screen readers read the new photo's
// caption after Previous or Next, without the focus leaving the button.

const carousel = document.querySelector('.carousel')
const slides = [...carousel.querySelectorAll('.slide')]
const current = carousel.querySelector('.carousel__current')
let index = 0

function showSlide(next) {
  // Wrap around in both directions.
  index = (next + slides.length) % slides.length
  slides.forEach((slide, i) => {
    slide.hidden = i !== index
  })
  current.textContent = String(index + 1)
}

carousel.querySelector('.carousel__prev').addEventListener('click', () => showSlide(index - 1))
carousel.querySelector('.carousel__next').addEventListener('click', () => showSlide(index + 1))

// Left and Right arrows work anywhere inside the carousel.
carousel.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowLeft') showSlide(index - 1)
  else if (event.key === 'ArrowRight') showSlide(index + 1)
})

showSlide(0)

// ---------- Booking form ----------
// The browser's own validation bubbles are switched off (novalidate on the form)
// so that every message appears in the page, next to its field, in our words.

const form = document.getElementById('booking-form')
const success = document.getElementById('booking-success')
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

// Each check returns an error message, or an empty string when the value is fine.
const checks = {
  name: (data) => (data.get('name').trim() ? '' : 'Please tell us your name.'),
  email: (data) => {
    const email = data.get('email').trim()
    if (!email) return 'Please enter your email address, so we can confirm the table.'
    return emailPattern.test(email) ? '' : 'Please enter an email address like name@example.com.'
  },
  date: (data) => (data.get('date') ? '' : 'Please choose a date.'),
  time: (data) => (data.get('time') ? '' : 'Please choose a time.'),
}

// The element that shows a field's state: the input, or the fieldset for the time.
const fieldFor = (name) => (name === 'time' ? form.querySelector('.times') : form.elements[name])

function showError(name, message) {
  document.getElementById(`${name}-error`).textContent = message
  fieldFor(name).setAttribute('aria-invalid', String(Boolean(message)))
}

function validate() {
  const data = new FormData(form)
  const invalid = []
  for (const [name, check] of Object.entries(checks)) {
    const message = check(data)
    showError(name, message)
    if (message) invalid.push(name)
  }
  return invalid
}

let submitted = false

form.addEventListener('submit', (event) => {
  event.preventDefault()
  submitted = true
  const invalid = validate()
  if (invalid.length > 0) {
    // Send the focus to the first problem: its message is read with the field.
    const first = invalid[0] === 'time' ? form.querySelector('.times input') : form.elements[invalid[0]]
    first.focus()
    return
  }
  showSuccess(new FormData(form))
})

// After a first attempt, errors update while the visitor fixes them.
form.addEventListener('input', (event) => {
  const name = event.target.name
  if (submitted && name in checks) showError(name, checks[name](new FormData(form)))
})

function showSuccess(data) {
  // Dates from <input type="date"> are "YYYY-MM-DD"; read them as UTC so the
  // weekday never shifts with the visitor's time zone.
  const date = new Date(`${data.get('date')}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
  const guests = data.get('guests') === '1' ? '1 person' : `${data.get('guests')} people`
  const firstName = data.get('name').trim().split(/\s+/)[0]

  document.getElementById('success-title').textContent = `Grazie, ${firstName}!`
  const text = document.getElementById('success-text')
  text.replaceChildren(
    'Your table for ',
    strong(guests),
    ' on ',
    strong(date),
    ' at ',
    strong(data.get('time')),
    ` is requested. We'll confirm by email to ${data.get('email').trim()} within the hour.`,
  )

  form.hidden = true
  success.hidden = false
  success.focus()
}

function strong(text) {
  const element = document.createElement('strong')
  element.textContent = text
  return element
}

document.getElementById('booking-again').addEventListener('click', () => {
  form.reset()
  submitted = false
  for (const name of Object.keys(checks)) showError(name, '')
  success.hidden = true
  form.hidden = false
  form.elements.name.focus()
})
