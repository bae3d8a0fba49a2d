// Velomonde footer: the link-group accordion (phones) and the newsletter form.

// ---------- Accordion ----------
// Each group heading holds a <button aria-expanded aria-controls>. CSS hides a group's links
// while its button says aria-expanded="false", and only below the tablet breakpoint; from
// tablet up the buttons are hidden and every list is shown, so this script has nothing to do there.

const toggles = document.querySelectorAll('.link-group__toggle')

for (const toggle of toggles) {
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') === 'true'
    toggle.setAttribute('aria-expanded', String(!open))
  })
}

// ---------- Newsletter form ----------
// The form has `novalidate`, so the browser's own bubbles don't show up and we can write
// friendlier messages. The message lives in #email-error (hidden while there is none), which the input names with
// aria-describedby; aria-invalid tells assistive tech (and our CSS) that the value is wrong.

const form = document.querySelector('.newsletter__form')
const email = form.querySelector('#email')
const error = form.querySelector('#email-error')
const errorText = error.querySelector('.newsletter__error-text')
const success = document.getElementById('newsletter-success')
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

function validate(value) {
  if (value === '') return 'Enter your email address to subscribe.'
  if (!EMAIL_PATTERN.test(value)) {
    return 'Check your email address: it should look like name@example.com.'
  }
  return ''
}

function showError(message) {
  errorText.textContent = message
  error.hidden = !message
  if (message) email.setAttribute('aria-invalid', 'true')
  else email.removeAttribute('aria-invalid')
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  const value = email.value.trim()
  const message = validate(value)
  showError(message)
  if (message) {
    email.focus()
    return
  }
  // A real site would send the form here. We show the confirmation and move focus to it,
  // so screen reader users hear it and keyboard users don't lose their place.
  success.querySelector('.newsletter__address').textContent = value
  form.hidden = true
  success.hidden = false
  success.focus()
})

// Once an error is showing, re-check as the user types, so it disappears as soon as it's fixed
// (but don't nag before the first submit).
email.addEventListener('input', () => {
  if (email.getAttribute('aria-invalid') === 'true') showError(validate(email.value.trim()))
})
