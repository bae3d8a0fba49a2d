// Loudpine pricing: the billing period radio group switches every price between monthly and yearly,
// and a status message tells screen reader users what changed (the prices change silently otherwise).
// The radios are native, so the arrow keys, Tab and the checked state need no script at all.

const billing = document.querySelector('.billing')
const statusMessage = document.getElementById('billing-status')
const priced = document.querySelectorAll('[data-monthly][data-yearly]')

// "Yearly billing, 2 months free: Ridge $12.50 a month, Summit $40 a month, billed once a year."
function announcement(period) {
  const yearly = period === 'yearly'
  const prices = [...document.querySelectorAll('.plan')]
    .filter((plan) => plan.querySelector('.plan__amount[data-monthly]'))
    .map((plan) => `${plan.querySelector('.plan__name').textContent} ${plan.querySelector('.plan__amount').textContent} a month`)
  return `${yearly ? 'Yearly billing, 2 months free' : 'Monthly billing'}: ${prices.join(', ')}, billed ${yearly ? 'once a year' : 'every month'}.`
}

function showPeriod(period) {
  for (const element of priced) element.textContent = element.dataset[period]
  document.documentElement.dataset.billing = period
}

billing.addEventListener('change', (event) => {
  const period = event.target.value
  showPeriod(period)
  statusMessage.textContent = announcement(period)
})

// A browser that restores form state on Back may check Yearly before the script runs.
showPeriod(billing.querySelector('input:checked').value)
