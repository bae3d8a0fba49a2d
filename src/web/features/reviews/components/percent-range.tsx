import { clampPercent } from '#web/components/compare/compare.ts'

/**
 * A slider from 0 to 100 (the share of the capture uncovered, or its opacity); `valueText` is what a
 * screen reader says of a value, and the value handed to `onChange` stays within 0 to 100.
 */
export function PercentRange({
  id,
  value,
  onChange,
  valueText,
  className,
  step = 1,
  disabled,
}: {
  id: string
  value: number
  onChange: (value: number) => void
  valueText: string
  className: string
  step?: number
  disabled?: boolean
}) {
  return (
    <input
      id={id}
      type="range"
      min={0}
      max={100}
      step={step}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(clampPercent(Number(event.currentTarget.value)))}
      aria-valuetext={valueText}
      className={className}
    />
  )
}
